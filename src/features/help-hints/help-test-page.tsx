import { useQueries } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { usePageTitle } from '@/components/page-title'
import {
  HELP_ENTRY_POINT_IDS,
  HELP_ENTRY_POINTS,
  HelpHint,
  helpArticleQuery,
  type HelpEntryPointId,
} from '@/components/help-hint'

const LANGS = ['en', 'es'] as const
type Check = 'found' | 'missing' | 'failed' | 'checking'

/**
 * /helptest (admins): every "?" help hint of the product, with where it sits, the hint itself (to open it)
 * and whether its article exists in English and in Spanish ("Missing" otherwise).
 */
export function HelpTestPage() {
  const { t } = useTranslation('common')
  usePageTitle(t('helpHint.test.title'))
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('helpHint.test.title')}</h1>
        <p className="text-sm text-slate-700">{t('helpHint.test.intro', { count: HELP_ENTRY_POINT_IDS.length })}</p>
      </div>
      <ul className="grid gap-3">
        {HELP_ENTRY_POINT_IDS.map((id) => (
          <EntryPointRow key={id} id={id} />
        ))}
      </ul>
    </div>
  )
}

function EntryPointRow({ id }: { id: HelpEntryPointId }) {
  const { t } = useTranslation('common')
  const { place, topic, slug } = HELP_ENTRY_POINTS[id]
  const checks = useQueries({ queries: LANGS.map((lang) => ({ ...helpArticleQuery(slug, lang), retry: false })) })
  const stateOf = (index: number): Check => {
    const check = checks[index]!
    if (check.isPending) return 'checking'
    if (check.isError) return isApiError(check.error) && check.error.status === 404 ? 'missing' : 'failed'
    return 'found'
  }
  const headingId = `entry-${id.replace(/\W/g, '-')}`
  return (
    <li aria-labelledby={headingId} className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {t(`helpHint.topics.${topic}`)}
          </h2>
          <p className="text-sm text-slate-700">{t(`helpHint.places.${place}`)}</p>
        </div>
        <HelpHint entry={id} />
      </div>
      <p className="text-sm text-slate-700">
        {t('helpHint.test.article')} <code className="rounded bg-slate-100 px-1">{slug}</code>
      </p>
      <ul className="flex flex-wrap gap-2" aria-label={t('helpHint.test.checksLabel')}>
        {LANGS.map((lang, index) => {
          const state = stateOf(index)
          return (
            <li
              key={lang}
              className={
                state === 'found'
                  ? 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-900'
                  : state === 'checking'
                    ? 'rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800'
                    : 'rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900'
              }
            >
              {t(`helpHint.test.lang.${lang}`)}: {t(`helpHint.test.states.${state}`)}
            </li>
          )
        })}
      </ul>
    </li>
  )
}
