import { useTranslation } from 'react-i18next'
import type { Deal } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { formatPhone } from '@/lib/format-phone'
import { formatRelativeTime } from '@/lib/relative-time'
import { useExportInterests, useInterests } from './deal-detail-api'
import { formatDate } from '@/lib/format-date'
import { languageOf } from './format'

/** For the seller, admins and owners: who expressed interest, with their contact data, and the priority notice. */
export function InterestedBuyers({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('dealDetail')
  const language = languageOf(i18n.language)
  const interests = useInterests(deal.id, true)
  const notification = deal.priorityNotification
  const exportCsv = useExportInterests(deal.id)
  const hasInterests = interests.isSuccess && interests.data.length > 0

  return (
    <section aria-labelledby="interested-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="interested-title" className="text-base font-semibold text-slate-900">
          {t('interests.title')}
        </h2>
        {hasInterests && (
          <Button variant="secondary" size="sm" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            {exportCsv.isPending ? t('interests.exporting') : t('interests.exportCsv')}
          </Button>
        )}
      </div>
      {notification && (
        <p className="mt-1 text-sm text-slate-700">
          {notification.sentAt
            ? t('interests.prioritySent', {
                count: notification.count,
                date: formatDate(notification.sentAt, language, 'longDate'),
              })
            : t('interests.priorityPending')}
        </p>
      )}
      {interests.isPending ? (
        <Spinner className="mt-3" />
      ) : interests.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('interests.failed')}
        </p>
      ) : interests.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('interests.empty')}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {interests.data.map((interest) => (
            <li key={interest.id} className="grid gap-1 rounded-lg border border-slate-100 p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{interest.name}</span>
                <time dateTime={interest.createdAt} className="text-xs text-slate-600">
                  {formatRelativeTime(interest.createdAt, { language, justNow: t('common.justNow') })}
                </time>
              </div>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                <a className="text-brand-800 underline" href={`tel:+1${interest.phone.replace(/\D/g, '')}`}>
                  {formatPhone(interest.phone)}
                </a>
                <a className="text-brand-800 underline" href={`mailto:${interest.email}`}>
                  {interest.email}
                </a>
              </div>
              <p className="whitespace-pre-line text-slate-700">{interest.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
