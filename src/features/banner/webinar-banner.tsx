import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { useFeatureFlags } from './use-feature-flags'

/** Under the header for signed-in users when the flag is on; hidden when the flags cannot load (spec §2, §7). */
export function WebinarBanner() {
  const { t } = useTranslation()
  const { status } = useAuth()
  const signedIn = status === 'authenticated'
  const { data } = useFeatureFlags(signedIn)
  if (!signedIn || !data?.enableWebinarBanner || !data.webinarRegistrationUrl) return null
  return (
    <aside aria-label={t('webinar.label')} className="bg-brand-800 text-white">
      <a
        href={data.webinarRegistrationUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mx-auto flex max-w-page items-center gap-4 px-4 py-3 hover:bg-brand-900 sm:px-6"
      >
        <img src="/webinar-banner.svg" alt="" width={48} height={48} className="size-12 shrink-0" />
        <span className="grid gap-0.5">
          <span className="text-sm font-semibold">{t('webinar.title')}</span>
          <span className="text-sm text-brand-100">{t('webinar.description')}</span>
        </span>
        <span className="ml-auto hidden shrink-0 rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 sm:inline">
          {t('webinar.cta')}
          <span className="sr-only"> {t('webinar.newTab')}</span>
        </span>
      </a>
    </aside>
  )
}
