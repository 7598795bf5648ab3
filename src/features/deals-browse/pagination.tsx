import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { Link, useSearchParams } from 'react-router'
import { patchParams } from './browse-params'

/**
 * The page numbers to show: first, last, and two either side of the current one, gaps as null. When the
 * last page is only estimated it is not offered (it might not exist); a trailing gap says more follow.
 */
export function pageWindow(current: number, last: number, lastKnown = true): (number | null)[] {
  const pages = new Set([1, current - 2, current - 1, current, current + 1, current + 2])
  if (lastKnown) pages.add(last)
  const sorted = [...pages].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b)
  const window = sorted.flatMap((page, index) => (index > 0 && page - sorted[index - 1]! > 1 ? [null, page] : [page]))
  return lastKnown || sorted.at(-1) === last ? window : [...window, null]
}

const itemClass = 'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-semibold'

/** Links, not buttons: each page is a URL that can be opened in a new tab or shared. */
type PaginationProps = {
  page: number
  total: number
  /** The server estimated the total: the pages up to the next 1,000 matches exist, the last one may not. */
  totalIsEstimate?: boolean
  pageSize: number
}

export function Pagination({ page, total, totalIsEstimate = false, pageSize }: PaginationProps) {
  const { t } = useTranslation('dealsBrowse')
  const [params] = useSearchParams()
  const last = Math.max(1, Math.ceil(total / pageSize))
  if (last <= 1) return null
  const href = (target: number) => {
    const query = patchParams(params, { page: target }).toString()
    return query ? `?${query}` : '?'
  }

  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} className={clsx(itemClass, 'text-slate-800 hover:bg-slate-100')}>
          {t('pagination.previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={clsx(itemClass, 'text-slate-400')}>
          {t('pagination.previous')}
        </span>
      )}
      {pageWindow(page, last, !totalIsEstimate).map((item, index) =>
        item === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={href(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item })}
            className={clsx(itemClass, item === page ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100')}
          >
            {item}
          </Link>
        ),
      )}
      {page < last ? (
        <Link to={href(page + 1)} className={clsx(itemClass, 'text-slate-800 hover:bg-slate-100')}>
          {t('pagination.next')}
        </Link>
      ) : (
        <span aria-disabled="true" className={clsx(itemClass, 'text-slate-400')}>
          {t('pagination.next')}
        </span>
      )}
    </nav>
  )
}
