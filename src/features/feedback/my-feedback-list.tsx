import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { Spinner } from '@/components/ui/spinner'
import type { FeedbackStatus } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { useMyFeedback } from './feedback-api'

const STATUS_CLASSES: Record<FeedbackStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  resolved: 'bg-emerald-100 text-emerald-900',
}

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('feedback')
  return (
    <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_CLASSES[status])}>
      {t(`status.${status}`)}
    </span>
  )
}

/** The signed-in user's own past feedback, newest first, each with its status. */
export function MyFeedbackList() {
  const { t } = useTranslation('feedback')
  const formatDate = useFormatDate()
  const mine = useMyFeedback()

  return (
    <section aria-labelledby="my-feedback-heading" className="grid content-start gap-3">
      <h2 id="my-feedback-heading" className="text-lg font-semibold text-slate-900">
        {t('page.history')}
      </h2>
      {mine.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : mine.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('page.loadFailed')}
        </p>
      ) : mine.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('page.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {mine.data.items.map((item) => (
            <li key={item.id} className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold text-slate-900">{t(`types.${item.type}.label`)}</span>
                <FeedbackStatusBadge status={item.status} />
                {item.ownersClub && (
                  <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
                    {t('ownersClub')}
                  </span>
                )}
                <span className="ml-auto text-xs text-slate-600">
                  {t('page.sentOn', { date: formatDate(item.createdAt) })}
                </span>
              </div>
              <p className="text-sm break-words whitespace-pre-line text-slate-800">{item.comment}</p>
              {item.hasScreenshot && <p className="text-xs text-slate-600">{t('page.screenshotAttached')}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
