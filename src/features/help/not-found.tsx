import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { ButtonLink } from '@/components/ui/button'

/** An unknown or unpublished article or question: a 404 page that leads back to the help centre. */
export function HelpNotFound() {
  const { t } = useTranslation('help')
  usePageTitle(t('notFound.title'))
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-3xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="text-slate-700">{t('notFound.body')}</p>
      <ButtonLink to="/help">{t('notFound.back')}</ButtonLink>
    </div>
  )
}
