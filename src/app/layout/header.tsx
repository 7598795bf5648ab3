import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { useAuth } from '@/auth'
import { Logo } from '@/components/logo'
import { buttonClass } from '@/components/ui/button'
import { NotificationBell } from '@/features/chat'
import { LanguageSwitcher } from '@/i18n/language-switcher'
import { AccountMenu } from './account-menu'
import { MobileMenu } from './mobile-menu'
import { centreNavItems, isNavItemActive } from './nav-items'

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
              <NotificationBell />
              <div className="hidden md:block">
                <AccountMenu user={user} onSignOut={handleSignOut} />
              </div>
              <div className="md:hidden">
                <MobileMenu user={user} onSignOut={handleSignOut} />
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
