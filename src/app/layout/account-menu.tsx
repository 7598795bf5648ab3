import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { User } from '@/contract'
import { accountNavItems } from './nav-items'

const itemClass =
  'flex cursor-pointer select-none items-center rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100'

export function AccountMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { t } = useTranslation()
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
  const initials = (user.firstName?.[0] ?? user.email[0] ?? '?').toUpperCase()
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
        aria-label={t('nav.accountMenu', { name: fullName })}
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initials}
        </span>
        <span className="max-w-[10rem] truncate">{user.firstName ?? t('nav.account')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
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
