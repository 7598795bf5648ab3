import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { User } from '@/contract'
import { useMenuHandoff, type MenuHandoff } from '@/components/ui/deferred'
import { AccountTriggerFace, accountTriggerClass, fullNameOf, useAccountMenuLabel } from './menu-faces'
import { accountNavItems } from './nav-items'

const itemClass =
  'flex cursor-pointer select-none items-center rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100'

/** The account menu (spec §2); loaded after the first paint, in place of its stand-in (header.tsx). */
export function AccountMenu({
  user,
  onSignOut,
  handoff,
}: {
  user: User
  onSignOut: () => void
  handoff?: MenuHandoff
}) {
  const { t } = useTranslation()
  const fullName = fullNameOf(user)
  const { open, setOpen, trigger, onContentFocus } = useMenuHandoff(handoff)
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger ref={trigger} className={accountTriggerClass} aria-label={useAccountMenuLabel(user)}>
        <AccountTriggerFace user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          onFocus={onContentFocus}
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-sm font-semibold text-slate-900">{fullName}</span>
            <span className="block truncate text-xs text-slate-600">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {accountNavItems(user).map((item) => (
            <DropdownMenu.Item key={item.to + item.labelKey} asChild className={itemClass}>
              <Link to={item.to}>{t(`nav.${item.labelKey}`)}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            {t('nav.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
