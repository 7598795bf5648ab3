import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { clsx } from 'clsx'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { isApiError } from '@/api/errors'
import { SellerRequestStatusSchema, type AdminSellerRequest, type SellerRequestStatus } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { formatPhone } from '@/lib/format-phone'
import { DeclineDialog } from './decline-dialog'
import { SELLER_REQUESTS_PAGE_SIZE, useDecideSellerRequest, useSellerRequests } from './seller-requests-api'

const FILTERS = ['pending', 'approved', 'declined', 'all'] as const
type Filter = (typeof FILTERS)[number]

const filterOf = (value: string | null): Filter =>
  (FILTERS as readonly string[]).includes(value ?? '') ? (value as Filter) : 'pending'

/**
 * Admin → Seller requests: buyers asking for the seller role, newest first (pending ones unless another
 * status is chosen), each with its company, phone, what they sell and note; approve, or decline with a reason
 * (a dialog); decided ones say who decided, when and why.
 */
export function SellerRequestsPage() {
  const { t } = useTranslation('admin')
  const [params, setParams] = useSearchParams()
  const filter = filterOf(params.get('status'))
  const page = Math.max(1, Number(params.get('page')) || 1)
  const status = SellerRequestStatusSchema.safeParse(filter).data
  const list = useSellerRequests(status, page)
  const decide = useDecideSellerRequest()
  const [declining, setDeclining] = useState<AdminSellerRequest | null>(null)

  const show = (next: Filter, nextPage = 1) =>
    setParams({ status: next, ...(nextPage > 1 && { page: String(nextPage) }) })

  const approve = (request: AdminSellerRequest) =>
    decide.mutate(
      { id: request.id, approve: true },
      {
        onSuccess: () =>
          toast({ title: t('sellerRequests.approved', { company: request.companyName }), variant: 'success' }),
        onError: (error) =>
          toast({
            title: t('sellerRequests.failed'),
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )

  const decline = async (reason: string) => {
    if (!declining) return
    await decide.mutateAsync({ id: declining.id, approve: false, reason })
    toast({ title: t('sellerRequests.declined', { company: declining.companyName }), variant: 'success' })
    setDeclining(null)
  }

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / SELLER_REQUESTS_PAGE_SIZE)) : 1
  return (
    <section aria-labelledby="seller-requests-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="seller-requests-title" className="text-xl font-semibold text-slate-900">
          {t('sellerRequests.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('sellerRequests.description')}</p>
      </div>
      <div role="group" aria-label={t('sellerRequests.filterLabel')} className="flex flex-wrap gap-2">
        {FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={filter === option}
            onClick={() => show(option)}
            className={clsx(
              'rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
              filter === option
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {t(`sellerRequests.filter.${option}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-sm text-red-900">{t('sellerRequests.loadError')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('sellerRequests.retry')}
          </Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
          {t(`sellerRequests.empty.${filter}`)}
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.data.items.map((request) => (
            <li key={request.id}>
              <RequestCard
                request={request}
                busy={decide.isPending && decide.variables.id === request.id}
                onApprove={() => approve(request)}
                onDecline={() => setDeclining(request)}
              />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t('sellerRequests.pagination')} className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => show(filter, page - 1)}>
            {t('sellerRequests.previous')}
          </Button>
          <p className="text-sm text-slate-700">{t('sellerRequests.pageOf', { page, pages })}</p>
          <Button variant="secondary" disabled={page >= pages} onClick={() => show(filter, page + 1)}>
            {t('sellerRequests.next')}
          </Button>
        </nav>
      )}
      <DeclineDialog request={declining} onOpenChange={(open) => !open && setDeclining(null)} onDecline={decline} />
    </section>
  )
}

const STATUS_TONE: Record<SellerRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
}

function RequestCard({
  request,
  busy,
  onApprove,
  onDecline,
}: {
  request: AdminSellerRequest
  busy: boolean
  onApprove: () => void
  onDecline: () => void
}) {
  const { t } = useTranslation('admin')
  const formatDate = useFormatDate()
  const requester = request.requester.name
    ? `${request.requester.name} (${request.requester.email})`
    : request.requester.email
  return (
    <article
      aria-labelledby={`request-${request.id}`}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id={`request-${request.id}`} className="text-base font-semibold text-slate-900">
            {request.companyName}
          </h3>
          <p className="text-sm break-all text-slate-600">{requester}</p>
        </div>
        <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_TONE[request.status])}>
          {t(`sellerRequests.status.${request.status}`)}
        </span>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-700">{t('sellerRequests.phone')}</dt>
        <dd className="text-slate-900">
          <a href={`tel:+1${request.phone}`} className="underline">
            {formatPhone(request.phone)}
          </a>
        </dd>
        <dt className="font-medium text-slate-700">{t('sellerRequests.sells')}</dt>
        <dd className="whitespace-pre-line text-slate-900">{request.sells}</dd>
        <dt className="font-medium text-slate-700">{t('sellerRequests.note')}</dt>
        <dd className="whitespace-pre-line text-slate-900">{request.note ?? t('sellerRequests.noNote')}</dd>
        <dt className="font-medium text-slate-700">{t('sellerRequests.asked')}</dt>
        <dd className="text-slate-900">
          <time dateTime={request.createdAt}>{formatDate(request.createdAt, 'dateTime')}</time>
        </dd>
        {request.status !== 'pending' && request.decidedAt && (
          <>
            <dt className="font-medium text-slate-700">{t('sellerRequests.decided')}</dt>
            <dd className="text-slate-900">
              {t('sellerRequests.decidedBy', {
                who: request.decidedBy?.name ?? request.decidedBy?.email ?? t('sellerRequests.formerAdmin'),
                date: formatDate(request.decidedAt, 'dateTime'),
              })}
            </dd>
          </>
        )}
        {request.reason && (
          <>
            <dt className="font-medium text-slate-700">{t('sellerRequests.reason')}</dt>
            <dd className="whitespace-pre-line text-slate-900">{request.reason}</dd>
          </>
        )}
      </dl>
      {request.status === 'pending' && (
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={onApprove}
            disabled={busy}
            aria-label={t('sellerRequests.approveLabel', { company: request.companyName })}
          >
            {t('sellerRequests.approve')}
          </Button>
          <Button
            variant="secondary"
            onClick={onDecline}
            disabled={busy}
            aria-label={t('sellerRequests.declineLabel', { company: request.companyName })}
          >
            {t('sellerRequests.decline')}
          </Button>
        </div>
      )}
    </article>
  )
}
