import { useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import type { User } from '@/contract'
import { LanguageSwitcher } from '@/i18n/language-switcher'
import { accountNavItems, centreNavItems, firstNameOf, isNavItemActive } from './nav-items'

/** Under 768px: a button with the first name (or a generic label) opening a panel with every link (spec §2). */
export function MobileMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [open, setOpen] = useState(false)
  const links = [...centreNavItems(user), ...accountNavItems(user)]
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800">
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="max-w-[8rem] truncate">{firstNameOf(user) ?? t('nav.menu')}</span>
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
