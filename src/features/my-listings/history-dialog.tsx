import { useTranslation } from 'react-i18next'
import { Spinner } from '@/components/ui/spinner'
import { Modal, type ListingDialogProps } from './modal'
import { useStatusHistory } from './my-listings-api'
import { useFormatDate } from '@/i18n/use-format-date'

/** Every status the listing went through, newest first, with where it happened and why. */
export function HistoryDialog({ dealId, address, open, onOpenChange }: ListingDialogProps) {
  const { t } = useTranslation('myListings')
  const formatDate = useFormatDate()
  const history = useStatusHistory(dealId, open)
  const entries = [...(history.data ?? [])].sort((a, b) => b.date.localeCompare(a.date))
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('history.title')} description={address}>
      {history.isPending ? (
        <Spinner label={t('history.loading')} />
      ) : history.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('errors.historyFailed')}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-700">{t('history.empty')}</p>
      ) : (
        <ol className="grid gap-3" aria-label={t('history.title')}>
          {entries.map((entry, index) => (
            <li key={`${entry.date}-${index}`} className="grid gap-0.5 border-l-2 border-brand-600 pl-3 text-sm">
              <span className="font-semibold text-slate-900">{t(`values:listingStatuses.${entry.status}`)}</span>
              <span className="text-slate-700">
                {formatDate(entry.date, 'dateTime')} · {t(`values:statusSources.${entry.source}`)}
              </span>
              {entry.reason && <span className="text-slate-800">{t('history.reason', { reason: entry.reason })}</span>}
              {entry.comments && <span className="text-slate-800">{entry.comments}</span>}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  )
}
