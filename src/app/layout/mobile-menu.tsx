import * as Dialog from '@radix-ui/react-dialog'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { User } from '@/contract'
import { useMenuHandoff, type MenuHandoff } from '@/components/ui/deferred'
import { LanguageSwitcher } from '@/i18n/language-switcher'
import { MobileTriggerFace, mobileTriggerClass } from './menu-faces'
import { accountNavItems, centreNavItems, isNavItemActive } from './nav-items'

/**
 * Under 768px: a button with the first name (or a generic label) opening a panel with every link (spec §2);
 * loaded after the first paint, in place of its stand-in (header.tsx).
 */
export function MobileMenu({ user, onSignOut, handoff }: { user: User; onSignOut: () => void; handoff?: MenuHandoff }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { open, setOpen, trigger } = useMenuHandoff(handoff)
  const links = [...centreNavItems(user), ...accountNavItems(user)]
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger ref={trigger} className={mobileTriggerClass}>
        <MobileTriggerFace user={user} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,100vw)] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold text-slate-900">{t('nav.menuTitle')}</Dialog.Title>
            <Dialog.Close aria-label={t('nav.closeMenu')} className="rounded p-2 text-slate-700 hover:bg-slate-100">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('nav.menuDescription')}</Dialog.Description>
          <nav aria-label={t('nav.mobileLabel')}>
            <ul className="grid gap-1">
              {links.map((item) => {
                const active = isNavItemActive(item, pathname)
                return (
                  <li key={item.to + item.labelKey}>
                    <Link
                      to={item.to}
                      aria-current={active ? 'page' : undefined}
                      onClick={() => setOpen(false)}
                      className={clsx(
                        'block rounded-md px-3 py-2 text-sm font-medium',
                        active ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100',
                      )}
                    >
                      {t(`nav.${item.labelKey}`)}
                    </Link>
                  </li>
                )
              })}
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false)
                    onSignOut()
                  }}
                  className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100"
                >
                  {t('nav.signOut')}
                </button>
              </li>
            </ul>
          </nav>
          <LanguageSwitcher />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
