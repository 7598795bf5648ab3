import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { DEAL_SORTS } from '@/contract'
import { useHydrated } from '@/components/use-hydrated'
import type { BrowseState, BrowseView } from './browse-params'
import { useUrlText } from './commit-input'
import type { FilterPatch } from './filter-fields'

const VIEWS: readonly BrowseView[] = ['all', 'favorites', 'interested']

/** Search, sort and the all / favorites / interested switch above the results. */
export function BrowseToolbar({
  state,
  onChange,
  scored,
}: {
  state: BrowseState
  onChange: (patch: FilterPatch) => void
  /** Whether the results carry the viewer's match: only then is "Best match" offered. */
  scored: boolean
}) {
  const { t } = useTranslation('dealsBrowse')
  const searchId = useId()
  const sortId = useId()
  const [query, setQuery, sent] = useUrlText(state.q ?? '')
  const sorts = DEAL_SORTS.filter((sort) => sort !== 'best-match' || scored || state.sort === sort)
  const hydrated = useHydrated()

  return (
    // Disabled (every control inside) until the server's markup has come alive: see useHydrated.
    <fieldset disabled={!hydrated} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          const next = query.trim()
          sent(next)
          onChange({ q: next || undefined })
        }}
      >
        <label htmlFor={searchId} className="sr-only">
          {t('search.label')}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('search.placeholder')}
          className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
        />
        <button
          type="submit"
          className="h-10 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('search.submit')}
        </button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('views.label')}
          className="flex rounded-md border border-slate-300 bg-white p-0.5"
        >
          {VIEWS.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={state.view === view}
              onClick={() =>
                onChange({
                  favorites: view === 'favorites' ? 'true' : undefined,
                  interested: view === 'interested' ? 'true' : undefined,
                })
              }
              className={clsx(
                'rounded px-3 py-1.5 text-sm font-semibold',
                state.view === view ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {t(`views.${view}`)}
            </button>
          ))}
        </div>
        {/* A select is as wide as its longest option: on a phone it may shrink (Spanish sorts are long). */}
        <div className="flex max-w-full min-w-0 items-center gap-2">
          <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
            {t('sort.label')}
          </label>
          <select
            id={sortId}
            value={state.sort}
            onChange={(event) => onChange({ sort: event.target.value === 'newest' ? undefined : event.target.value })}
            className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(`values:dealSorts.${sort}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  )
}
