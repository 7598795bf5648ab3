import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { ButtonLink } from '@/components/ui/button'

export function UnauthorizedPage() {
  const { t } = useTranslation()
  const { status } = useAuth()
  usePageTitle(t('unauthorized.title'))
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <p className="text-sm font-semibold text-red-700">403</p>
      <h1 className="text-3xl font-bold text-slate-900">{t('unauthorized.title')}</h1>
      <p className="text-slate-700">{t('unauthorized.body')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">{t('notFound.home')}</ButtonLink>
        {status !== 'authenticated' && (
          <ButtonLink to="/auth" variant="secondary">
            {t('nav.login')}
          </ButtonLink>
        )}
      </div>
    </div>
  )
}
