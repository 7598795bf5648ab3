import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { clsx } from 'clsx'
import { nextSortParams, SORT_KEYS, type Sort, type SortKey } from './sort'

/** A header cell whose button sorts the table by it; `aria-sort` says how the table is sorted now. */
export function SortHeader({ column, label, sort }: { column: SortKey; label: string; sort: Sort }) {
  const { t } = useTranslation('myListings')
  const [params, setParams] = useSearchParams()
  const active = sort.key === column
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
  return (
    <th scope="col" aria-sort={ariaSort} className="px-3 py-2">
      {/* On a phone the header row is for screen readers only; the select above the cards sorts there. */}
      <span className="md:hidden">{label}</span>
      <button
        type="button"
        onClick={() => setParams(nextSortParams(params, sort, column), { replace: true })}
        className="inline-flex items-center gap-1 rounded font-semibold tracking-wide whitespace-nowrap uppercase hover:text-slate-900 max-md:hidden"
      >
        {label}
        <span aria-hidden="true" className={clsx('text-[0.7rem]', !active && 'opacity-40')}>
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
        {!active && <span className="sr-only">{t('offers.sortBy')}</span>}
      </button>
    </th>
  )
}

/** A cell that shows its column name above the value when the table lays out as cards (small screens). */
export function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={clsx('px-3 py-1 align-top max-md:flex max-md:justify-between max-md:gap-3 md:py-3', className)}>
      <span className="shrink-0 font-medium text-slate-600 md:hidden" aria-hidden="true">
        {label}
      </span>
      <span className="max-md:text-right">{children}</span>
    </td>
  )
}

/** Every order the table offers, for the phone's select (where there is no header row to click). */
const SORT_OPTIONS = SORT_KEYS.flatMap((key) => (['desc', 'asc'] as const).map((direction) => ({ key, direction })))

/** On a phone the cards have no header row: one select chooses the order (the same query as the headers). */
export function SortSelect({ sort }: { sort: Sort }) {
  const { t } = useTranslation('myListings')
  const [params, setParams] = useSearchParams()
  const id = useId()
  return (
    <div className="grid gap-1 md:hidden">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {t('offers.sort.label')}
      </label>
      <select
        id={id}
        value={`${sort.key}:${sort.direction}`}
        onChange={(event) => {
          const [key = 'date', direction = 'desc'] = event.target.value.split(':')
          const next = new URLSearchParams(params)
          next.set('sort', key)
          next.set('dir', direction)
          setParams(next, { replace: true, flushSync: true })
        }}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={`${option.key}:${option.direction}`} value={`${option.key}:${option.direction}`}>
            {t(`offers.sort.${option.key}_${option.direction}`)}
          </option>
        ))}
      </select>
    </div>
  )
}
