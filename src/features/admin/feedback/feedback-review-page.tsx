import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { SelectInput, TextInput } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackStatus, type FeedbackType } from '@/contract'
import { useAdminFeedback } from './feedback-admin-api'
import { FeedbackItem } from './feedback-item'

const PAGE_SIZE = 20

/** The admin panel's Feedback review section (`/admin/feedback`). */
export function FeedbackReviewPage() {
  const { t } = useTranslation('admin')
  const [type, setType] = useState<FeedbackType | ''>('')
  const [status, setStatus] = useState<FeedbackStatus | ''>('')
  const [draft, setDraft] = useState('')
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const list = useAdminFeedback({
    ...(type && { type }),
    ...(status && { status }),
    ...(q && { q }),
    page,
    pageSize: PAGE_SIZE,
  })
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1

  const search = (event: FormEvent) => {
    event.preventDefault()
    setQ(draft.trim())
    setPage(1)
  }

  return (
    <section aria-labelledby="feedback-review-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="feedback-review-heading" className="text-xl font-semibold text-slate-900">
          {t('feedback.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('feedback.intro')}</p>
      </div>
      <form
        role="search"
        aria-label={t('feedback.filters.label')}
        onSubmit={search}
        className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[auto_auto_minmax(0,1fr)_auto] sm:items-end"
      >
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          {t('feedback.filters.type')}
          <SelectInput
            value={type}
            onChange={(event) => {
              setType(event.target.value as FeedbackType | '')
              setPage(1)
            }}
          >
            <option value="">{t('feedback.filters.allTypes')}</option>
            {FEEDBACK_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`feedback.types.${option}`)}
              </option>
            ))}
          </SelectInput>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          {t('feedback.filters.status')}
          <SelectInput
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as FeedbackStatus | '')
              setPage(1)
            }}
          >
            <option value="">{t('feedback.filters.allStatuses')}</option>
            {FEEDBACK_STATUSES.map((option) => (
              <option key={option} value={option}>
                {t(`feedback.statuses.${option}`)}
              </option>
            ))}
          </SelectInput>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          {t('feedback.filters.search')}
          <TextInput
            type="search"
            value={draft}
            maxLength={100}
            placeholder={t('feedback.filters.searchPlaceholder')}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary">
          {t('feedback.filters.apply')}
        </Button>
      </form>

      {list.isPending ? (
        <Spinner label={t('feedback.loading')} />
      ) : list.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-red-700">
          <p>{t('feedback.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t('feedback.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('feedback.total', { count: list.data.total })}
          </p>
          {list.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">{t('feedback.empty')}</p>
          ) : (
            <ul className="grid gap-3">
              {list.data.items.map((item) => (
                <FeedbackItem key={item.id} item={item} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label={t('feedback.pagination.label')} className="flex items-center justify-between gap-2">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('feedback.pagination.previous')}
              </Button>
              <span className="text-sm text-slate-700">{t('feedback.pagination.pageOf', { page, pages })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('feedback.pagination.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}
