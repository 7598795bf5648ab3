import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { DealSummary } from '@/contract'
import { formatUsd } from '@/lib/format-currency'
import { Button, ButtonLink } from '@/components/ui/button'

type SectionProps<T> = {
  title: string
  query: UseQueryResult<T>
  /** The section's own failure message ("Failed to load your offers."). */
  loadFailed: string
  isEmpty: (data: T) => boolean
  /** What to do next when there is nothing: a sentence and a link. */
  empty: { text: string; action: string; to: string }
  /** A link beside the title (to the full page). */
  more?: ReactNode
  children: (data: T) => ReactNode
}

/** One dashboard section: its heading, then a skeleton, the error with a retry, the empty state or the data. */
export function Section<T>({ title, query, loadFailed, isEmpty, empty, more, children }: SectionProps<T>) {
  const { t } = useTranslation('dashboard')
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {query.isSuccess && !isEmpty(query.data) ? more : null}
      </div>
      {query.isPending ? (
        <Skeleton label={t('loading')} />
      ) : query.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-red-800">{loadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : isEmpty(query.data) ? (
        <div className="grid justify-items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4">
          <p className="text-sm text-slate-700">{empty.text}</p>
          <ButtonLink to={empty.to} variant="secondary" size="sm">
            {empty.action}
          </ButtonLink>
        </div>
      ) : (
        children(query.data)
      )}
    </section>
  )
}

/** Three grey lines where the rows will be; the label is read out once. */
export function Skeleton({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden="true" className="h-12 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  )
}

/** A link beside a section's title, to the full page ("See all …"). */
export function SectionMore({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
      {children}
    </Link>
  )
}

/** One row of a section's list: the link to its listing or conversation, a badge beside it, then its lines. */
export function SectionItem({
  to,
  label,
  badge,
  children,
}: {
  to: string
  label: ReactNode
  badge?: ReactNode
  children?: ReactNode
}) {
  return (
    <li className="grid gap-1 border-t border-slate-100 py-3 first:border-t-0 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-2">
        <Link to={to} className="font-semibold text-brand-800 hover:underline">
          {label}
        </Link>
        {badge}
      </div>
      {children}
    </li>
  )
}

/** A listing's category and price, under its address ("Cash · $250,000"). */
export function DealTerms({ deal }: { deal: Pick<DealSummary, 'dealCategory' | 'purchasePrice'> }) {
  const { t } = useTranslation('dashboard')
  return (
    <p className="text-sm text-slate-800">
      {t(`values:dealCategories.${deal.dealCategory}`)}
      {deal.purchasePrice !== null && ` · ${formatUsd(deal.purchasePrice)}`}
    </p>
  )
}
