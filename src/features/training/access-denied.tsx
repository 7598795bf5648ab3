import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { ButtonLink } from '@/components/ui/button'

/** What a signed-in member who is not a buyer sees on /training (spec §3, §6). */
export function TrainingAccessDenied() {
  const { t } = useTranslation('training')
  usePageTitle(t('denied.title'))
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('denied.title')}</h1>
      <p className="text-slate-700">{t('denied.body')}</p>
      <ButtonLink to="/">{t('denied.home')}</ButtonLink>
    </div>
  )
}
