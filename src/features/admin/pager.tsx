import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

const linkClass =
  'inline-flex h-10 items-center rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600'

/** Previous / "Page 2 of 5" / Next, the page in the URL (`?page=`), for the admin panel's lists. */
export function Pager({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const { t } = useTranslation('admin')
  const [params] = useSearchParams()
  const last = Math.max(1, Math.ceil(total / pageSize))
  if (last <= 1) return null
  const href = (target: number) => {
    const next = new URLSearchParams(params)
    if (target > 1) next.set('page', String(target))
    else next.delete('page')
    return `?${next.toString()}`
  }
  return (
    <nav aria-label={t('pager.label')} className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={clsx(linkClass, 'text-brand-800 hover:bg-slate-100')}>
          {t('pager.previous')}
        </Link>
      ) : (
        <span aria-disabled="true" className={clsx(linkClass, 'text-slate-500')}>
          {t('pager.previous')}
        </span>
      )}
      <span className="text-sm text-slate-700">{t('pager.status', { page, count: last })}</span>
      {page < last ? (
        <Link to={href(page + 1)} className={clsx(linkClass, 'text-brand-800 hover:bg-slate-100')}>
          {t('pager.next')}
        </Link>
      ) : (
        <span aria-disabled="true" className={clsx(linkClass, 'text-slate-500')}>
          {t('pager.next')}
        </span>
      )}
    </nav>
  )
}
