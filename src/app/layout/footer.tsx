import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { Logo } from '@/components/logo'
import { LanguageSwitcher } from '@/i18n/language-switcher'

const linkClass = 'text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline'

export function Footer() {
  const { t } = useTranslation()
  const { status } = useAuth()
  const year = new Date().getFullYear()
  return (
    <footer className="mt-auto bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-page gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-3">
          <Logo inverted />
          <p className="max-w-sm text-sm text-slate-300">{t('footer.tagline')}</p>
          <LanguageSwitcher tone="dark" />
        </div>
        <nav aria-label={t('footer.navLabel')}>
          <ul className="grid grid-cols-2 gap-x-10 gap-y-3 sm:flex sm:flex-wrap sm:gap-x-6">
            {status !== 'authenticated' && (
              <>
                <li>
                  <Link className={linkClass} to="/auth">
                    {t('nav.login')}
                  </Link>
                </li>
                <li>
                  <Link className={linkClass} to="/signup/buyer">
                    {t('nav.signUp')}
                  </Link>
                </li>
              </>
            )}
            <li>
              <Link className={linkClass} to="/features">
                {t('footer.roadmap')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/terms">
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/privacy">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/accessibility">
                {t('footer.accessibility')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-page px-4 py-4 text-xs text-slate-400 sm:px-6">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  )
}
