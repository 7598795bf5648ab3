import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { isApiError } from '@/api/errors'
import { SelectInput } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { FEEDBACK_STATUSES, type AdminFeedback, type FeedbackStatus } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { DeleteFeedbackDialog } from './delete-feedback-dialog'
import { useChangeFeedbackStatus } from './feedback-admin-api'
import { ScreenshotViewer } from './screenshot-viewer'

const STATUS_CLASSES: Record<FeedbackStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  resolved: 'bg-emerald-100 text-emerald-900',
}

/** One report: type, Owners Club mark, status (changeable), date, sender, page, comment, screenshot, delete. */
export function FeedbackItem({ item }: { item: AdminFeedback }) {
  const { t } = useTranslation('admin')
  const formatDate = useFormatDate()
  const change = useChangeFeedbackStatus()
  const statusId = useId()
  const sender = item.sender.name || item.sender.email

  const onStatus = (status: FeedbackStatus) =>
    change.mutate(
      { id: item.id, status },
      {
        onSuccess: () =>
          toast({
            title: t('feedback.statusChanged', { status: t(`feedback.statuses.${status}`) }),
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: t('feedback.actionFailed'),
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )

  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`${statusId}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${statusId}-title`} className="font-semibold text-slate-900">
          {t(`feedback.types.${item.type}`)}
        </h3>
        <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_CLASSES[item.status])}>
          {t(`feedback.statuses.${item.status}`)}
        </span>
        {item.ownersClub && (
          <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">
            {t('feedback.ownersClub')}
          </span>
        )}
        <span className="text-xs text-slate-600 sm:ml-auto">
          {t('feedback.sentOn', { date: formatDate(item.createdAt) })}
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {t('feedback.sender', { name: sender })}
        {item.sender.name && <span className="text-slate-600"> · {item.sender.email}</span>}
      </p>
      <p className="text-sm break-words whitespace-pre-line text-slate-900">{item.comment}</p>
      <p className="text-xs break-all text-slate-600">
        {t('feedback.page')}: {item.page ? <code>{item.page}</code> : t('feedback.noPage')}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <label htmlFor={statusId} className="text-xs font-medium text-slate-700">
            {t('feedback.statusLabel')}
          </label>
          <SelectInput
            id={statusId}
            value={item.status}
            disabled={change.isPending}
            onChange={(event) => onStatus(event.target.value as FeedbackStatus)}
          >
            {FEEDBACK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`feedback.statuses.${status}`)}
              </option>
            ))}
          </SelectInput>
        </div>
        {item.hasScreenshot && <ScreenshotViewer id={item.id} sender={sender} />}
        <div className="ml-auto">
          <DeleteFeedbackDialog id={item.id} />
        </div>
      </div>
    </li>
  )
}
