import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { clsx } from 'clsx'
import type { Deal } from '@/contract'
import { Button } from '@/components/ui/button'
import { CertifiedBadge } from '@/components/ui/certified-badge'
import { Spinner } from '@/components/ui/spinner'
import { MessageBuyerButton } from '@/features/chat'
import { formatPhone } from '@/lib/format-phone'
import { formatRelativeTime } from '@/lib/relative-time'
import { useExportInterests, useInterests, useLiveInterests } from './deal-detail-api'
import { formatDate } from '@/lib/format-date'
import { languageOf } from './format'

/** A US number (10 digits, or 11 with the country code) is dialled with +1; anything else as it was given. */
const telHref = (phone: string) => {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10 || (digits.length === 11 && digits.startsWith('1'))) return `tel:+1${digits.slice(-10)}`
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`
}

/**
 * A cell that shows its column name beside the value when the table is too narrow for columns (the
 * section's own width decides: a container query, so the table reads as cards in the deal page's side column
 * and on a phone, and as a table where there is room).
 */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td
      className={clsx('px-3 py-1 align-top @max-2xl:flex @max-2xl:justify-between @max-2xl:gap-3 @2xl:py-2', className)}
    >
      <span className="shrink-0 font-medium text-slate-600 @2xl:hidden" aria-hidden="true">
        {label}
      </span>
      <span className="min-w-0 @max-2xl:text-right">{children}</span>
    </td>
  )
}

/** For the seller, admins and owners: who expressed interest, with their contact data, and the priority notice. */
export function InterestedBuyers({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('dealDetail')
  const language = languageOf(i18n.language)
  const interests = useInterests(deal.id, true)
  useLiveInterests(deal.id)
  const notification = deal.priorityNotification
  const exportCsv = useExportInterests(deal.id)
  const hasInterests = interests.isSuccess && interests.data.length > 0

  return (
    <section
      aria-labelledby="interested-title"
      className="@container rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
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
        <div role="alert" className="mt-3 grid justify-items-start gap-2">
          <p className="text-sm text-red-700">{t('interests.failed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void interests.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : interests.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('interests.empty')}</p>
      ) : (
        <table className="mt-3 w-full text-sm @max-2xl:block">
          <caption className="sr-only">{t('interests.caption', { count: interests.data.length })}</caption>
          <thead className="text-left text-xs tracking-wide text-slate-600 uppercase @max-2xl:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('interests.columns.name')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('interests.columns.phone')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('interests.columns.message')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('interests.columns.date')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('interests.columns.conversation')}
              </th>
            </tr>
          </thead>
          <tbody className="@max-2xl:grid @max-2xl:gap-3">
            {interests.data.map((interest) => (
              <tr
                key={interest.id}
                className="border-t border-slate-200 @max-2xl:block @max-2xl:rounded-lg @max-2xl:border @max-2xl:border-slate-200 @max-2xl:py-2"
              >
                <th scope="row" className="px-3 py-1 text-left align-top font-normal @max-2xl:block @2xl:py-2">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{interest.name}</span>
                    {interest.certified && <CertifiedBadge label={t('interests.certified')} />}
                  </span>
                  <a
                    className="text-xs break-all text-brand-800 underline @2xl:break-normal @2xl:whitespace-nowrap"
                    href={`mailto:${interest.email}`}
                  >
                    {interest.email}
                  </a>
                </th>
                <Cell label={t('interests.columns.phone')} className="whitespace-nowrap">
                  <a className="text-brand-800 underline" href={telHref(interest.phone)}>
                    {formatPhone(interest.phone)}
                  </a>
                </Cell>
                <Cell label={t('interests.columns.message')}>
                  <span className="whitespace-pre-line break-words text-slate-700">{interest.message}</span>
                </Cell>
                <Cell label={t('interests.columns.date')} className="whitespace-nowrap">
                  <time dateTime={interest.createdAt} title={formatDate(interest.createdAt, language, 'dateTime')}>
                    {formatRelativeTime(interest.createdAt, { language, justNow: t('common.justNow') })}
                  </time>
                </Cell>
                <Cell label={t('interests.columns.conversation')}>
                  {interest.threadId ? (
                    <Link
                      to={`/chat/${encodeURIComponent(interest.threadId)}`}
                      className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                      aria-label={t('interests.openConversation', { name: interest.name })}
                    >
                      {t('interests.conversation')}
                    </Link>
                  ) : deal.isOwner ? (
                    <MessageBuyerButton dealId={deal.id} buyerId={interest.buyerId} name={interest.name} />
                  ) : (
                    <span className="text-slate-600">{t('interests.noConversation')}</span>
                  )}
                </Cell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
