import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { useSearchParams } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { activeFilterCount, PAGE_SIZE, patchParams, type BrowseState } from './browse-params'
import { DealCard, DealCardSkeleton } from './deal-card'
import { useDealPage, useToggleFavorite } from './deals-api'
import { Pagination } from './pagination'
import { MatchPrompt } from '@/components/match/match-score'

type DealResultsProps = { state: BrowseState; onClearFilters: () => void }

/** Cards whose photo is above the fold on a phone or a desktop (two columns): loaded eagerly. */
const EAGER_PHOTOS = 2

/**
 * Beside the map (a wide screen) the list's column is a grid item as tall as the map: each state keeps its
 * own height at the column's top (`self-start`), or its rows would share the map's height (the empty
 * state's text spread down it, a single card floating mid-column).
 */
const COLUMN = 'self-start'

/** The list half of the page: count, cards, pages, and its loading, empty and error states. */
export function DealResults({ state, onClearFilters }: DealResultsProps) {
  const { t, i18n } = useTranslation('dealsBrowse')
  const deals = useDealPage(state)
  const favorite = useToggleFavorite()

  if (deals.isPending) {
    return (
      <div role="status" aria-live="polite" className={clsx(COLUMN, 'grid gap-4')}>
        <span className="sr-only">{t('results.loading')}</span>
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, index) => (
            <DealCardSkeleton key={index} />
          ))}
        </div>
      </div>
    )
  }
  if (deals.isError) {
    return (
      <div
        role="alert"
        className={clsx(COLUMN, 'grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-6')}
      >
        <p className="font-semibold text-red-900">{t('results.error')}</p>
        <Button variant="secondary" onClick={() => void deals.refetch()}>
          {t('results.retry')}
        </Button>
      </div>
    )
  }

  const { items, total, totalIsEstimate } = deals.data
  // An estimate is said as one: two significant figures ("about 17,000"), not a falsely precise 16,669.
  const about = Number(total.toPrecision(2))
  return (
    <div className={clsx(COLUMN, 'grid gap-4')}>
      {/* Cards are h3s: on a phone no "Filters" h2 sits before them, so the results name their own level. */}
      <h2 className="sr-only">{t('results.heading')}</h2>
      <p role="status" aria-live="polite" className="text-sm font-semibold text-slate-800">
        {totalIsEstimate
          ? t('results.countAbout', {
              count: about,
              formatted: new Intl.NumberFormat(i18n.language).format(about),
            })
          : t('results.count', { count: total })}
      </p>
      {deals.data.matching === 'no-criteria' && <MatchPrompt />}
      {items.length === 0 && total > 0 ? (
        // A page past the end (an old link, a hand-edited URL): the deals exist, only not on this page.
        <PastLastPage page={state.page} last={Math.max(1, Math.ceil(total / (deals.data.pageSize || PAGE_SIZE)))} />
      ) : items.length === 0 ? (
        <EmptyResults state={state} onClearFilters={onClearFilters} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-busy={deals.isPlaceholderData || undefined}>
          {items.map((deal, index) => (
            <li
              key={deal.id}
              // Cards past the first screen are laid out and painted when scrolled near, not with the page (a
              // phone's first layout of twenty cards was a long task); their box holds a card's usual height.
              className={clsx(
                'grid',
                index >= EAGER_PHOTOS && '[contain-intrinsic-block-size:auto_27rem] [content-visibility:auto]',
              )}
            >
              <DealCard
                deal={deal}
                eager={index < EAGER_PHOTOS}
                onToggleFavorite={(target) => favorite.mutate({ id: target.id, favorite: !target.isFavorite })}
              />
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <Pagination
          page={state.page}
          total={total}
          totalIsEstimate={totalIsEstimate}
          pageSize={deals.data.pageSize || PAGE_SIZE}
        />
      )}
    </div>
  )
}

function PastLastPage({ page, last }: { page: number; last: number }) {
  const { t } = useTranslation('dealsBrowse')
  const [params] = useSearchParams()
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{t('pastLastPage.title', { page })}</h2>
      <ButtonLink to={`?${patchParams(params, { page: last }).toString()}`} variant="secondary">
        {t('pastLastPage.action', { page: last })}
      </ButtonLink>
    </div>
  )
}

function EmptyResults({ state, onClearFilters }: DealResultsProps) {
  const { t } = useTranslation('dealsBrowse')
  const filtered = activeFilterCount(state) > 0
  const key = filtered ? 'filtered' : state.view
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-900">{t(`empty.${key}.title`)}</h2>
      <p className="max-w-md text-sm text-slate-600">{t(`empty.${key}.body`)}</p>
      {filtered && (
        <Button variant="secondary" onClick={onClearFilters}>
          {t('filters.clear')}
        </Button>
      )}
    </div>
  )
}
