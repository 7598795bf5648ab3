import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { useAuth } from '@/auth'
import { Logo } from '@/components/logo'
import { buttonClass } from '@/components/ui/button'
import { deferred, useDeferredMenu } from '@/components/ui/deferred'
import type { User } from '@/contract'
import { LanguageSwitcher } from '@/i18n/language-switcher'
import { useRealtime } from '@/realtime'
import {
  AccountTriggerFace,
  BellFace,
  MobileTriggerFace,
  accountTriggerClass,
  bellTriggerClass,
  mobileTriggerClass,
  useAccountMenuLabel,
} from './menu-faces'
import { centreNavItems, isNavItemActive } from './nav-items'

/*
 * The signed-in header's three menus come after the first paint (Radix's menu, dialog and positioning code,
 * and the bell's chat code, are a quarter of what the first paint would load otherwise): a plain button
 * that looks and reads the same stands in until the browser is idle or the button is pressed.
 */
const accountMenu = deferred(() => import('./account-menu'))
const mobileMenu = deferred(() => import('./mobile-menu'))
const bell = deferred(() => import('@/features/chat/notification-bell'))

type MenuProps = { user: User; onSignOut: () => void }

function DeferredAccountMenu(props: MenuProps) {
  const { loaded, handoff, standIn } = useDeferredMenu(accountMenu, 'menu')
  const label = useAccountMenuLabel(props.user)
  if (loaded) return <loaded.AccountMenu {...props} handoff={handoff} />
  return (
    <button {...standIn} className={accountTriggerClass} aria-label={label}>
      <AccountTriggerFace user={props.user} />
    </button>
  )
}

function DeferredMobileMenu(props: MenuProps) {
  const { loaded, handoff, standIn } = useDeferredMenu(mobileMenu, 'dialog')
  if (loaded) return <loaded.MobileMenu {...props} handoff={handoff} />
  return (
    <button {...standIn} className={mobileTriggerClass}>
      <MobileTriggerFace user={props.user} />
    </button>
  )
}

function DeferredNotificationBell() {
  const { t } = useTranslation('chat')
  const { connectOnDemand } = useRealtime()
  // Opening the bell connects a buyer-only user's realtime socket (spec §4), from the first press.
  const { loaded, handoff, standIn } = useDeferredMenu(bell, 'menu', { onOpen: connectOnDemand })
  if (loaded) return <loaded.NotificationBell handoff={handoff} />
  return (
    <button {...standIn} className={bellTriggerClass} aria-label={t('bell.label')}>
      <BellFace />
    </button>
  )
}

export function Header() {
  const { t } = useTranslation()
  const { status, user, signOut } = useAuth()
  const { pathname } = useLocation()
  const signedIn = status === 'authenticated' && user !== null
  const handleSignOut = () => void signOut()

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-page items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Logo compact={!signedIn} />
        {signedIn ? (
          <>
            <nav aria-label={t('nav.mainLabel')} className="mx-auto hidden md:block">
              <ul className="flex items-center gap-1">
                {centreNavItems(user).map((item) => {
                  const active = isNavItemActive(item, pathname)
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        aria-current={active ? 'page' : undefined}
                        className={clsx(
                          'rounded-md px-3 py-2 text-sm font-medium',
                          active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                        )}
                      >
                        {t(`nav.${item.labelKey}`)}
                      </Link>
                    </li>
                  )
                })}
              </ul>
            </nav>
            <div className="ml-auto flex items-center gap-1 md:gap-2">
              <DeferredNotificationBell />
              <div className="hidden md:block">
                <DeferredAccountMenu user={user} onSignOut={handleSignOut} />
              </div>
              <div className="md:hidden">
                <DeferredMobileMenu user={user} onSignOut={handleSignOut} />
              </div>
            </div>
          </>
        ) : (
          // Tight on a phone: in Spanish the switcher (120 px, spec) and both links only just fit the padding.
          <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
            <LanguageSwitcher />
            <Link to="/auth" className={buttonClass('ghost', 'sm', 'px-1 whitespace-nowrap sm:px-3')}>
              {t('nav.login')}
            </Link>
            <Link to="/signup" className={buttonClass('primary', 'sm', 'px-2.5 whitespace-nowrap sm:px-3')}>
              {t('nav.signUp')}
            </Link>
          </div>
        )}
      </div>
    </header>
  )
}
