import { useTranslation } from 'react-i18next'
import type { StatusHistoryEntry } from '@/contract'
import { formatDate } from '@/lib/format-date'
import { languageOf } from './format'

/** Every status the listing went through, newest first, with where the change came from. */
export function StatusHistory({ entries }: { entries: StatusHistoryEntry[] }) {
  const { t, i18n } = useTranslation('dealDetail')
  const language = languageOf(i18n.language)
  if (entries.length === 0) return null
  const ordered = [...entries].sort((a, b) => b.date.localeCompare(a.date))
  return (
    <section aria-labelledby="status-history-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="status-history-title" className="text-base font-semibold text-slate-900">
        {t('history.title')}
      </h2>
      <ol className="mt-3 grid gap-3">
        {ordered.map((entry, position) => (
          <li key={`${entry.date}-${position}`} className="grid gap-0.5 border-l-2 border-brand-200 pl-3 text-sm">
            <span className="font-medium text-slate-900">{t(`values:listingStatuses.${entry.status}`)}</span>
            <span className="text-slate-700">
              <time dateTime={entry.date}>{formatDate(entry.date, language, 'longDate')}</time>
              {' · '}
              {t(`values:statusSources.${entry.source}`)}
            </span>
            {entry.reason && <span className="text-slate-700">{t('history.reason', { reason: entry.reason })}</span>}
            {entry.comments && <span className="text-slate-600">{entry.comments}</span>}
          </li>
        ))}
      </ol>
    </section>
  )
}
