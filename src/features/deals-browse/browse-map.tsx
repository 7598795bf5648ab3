import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { DealMap, toBbox, type MapViewport } from '@/features/maps'
import { filterQuery, type BrowseState } from './browse-params'
import { useDealsExtent, useDealsMap } from './deals-api'
import type { FilterPatch } from './filter-fields'

type BrowseMapProps = { state: BrowseState; onChange: (patch: FilterPatch) => void; className?: string }

/**
 * The map beside the list: the same filters plus the viewport; old markers stay while new ones load.
 * It follows the results (fits their extent whenever the filters change) until the person moves it; from
 * then on it stays put, says how many matches lie outside the view and offers to show them all.
 * "Search this area" copies the viewport into the list's filters (and so into the link).
 */
export function BrowseMap({ state, onChange, className }: BrowseMapProps) {
  const { t } = useTranslation('dealsBrowse')
  const [viewport, setViewport] = useState<MapViewport | null>(null)
  // Only the first box counts: later "search this area" clicks come from the map itself.
  const bbox = state.bbox && toBbox(state.bbox)
  const [initialBbox] = useState(bbox)
  // A shared "search this area" link opens on its area, as if the person had put the map there.
  const [follow, setFollow] = useState(!initialBbox)
  const [fitId, setFitId] = useState(0)
  const filters = filterQuery(state)
  const markers = useDealsMap(filters, viewport)
  const extent = useDealsExtent(filters)

  const extentBbox = extent.data?.bbox ? toBbox(extent.data.bbox) : undefined
  const outside =
    !follow && extent.data && markers.data && !extent.isPlaceholderData && !markers.isPlaceholderData
      ? Math.max(0, extent.data.total - markers.data.total)
      : 0
  const showAll = () => {
    setFollow(true)
    setFitId((id) => id + 1)
  }

  return (
    <section aria-label={t('map.section')} className={clsx('flex min-w-0 flex-col', className)}>
      <Suspense
        fallback={
          <div
            role="status"
            className="flex min-h-80 flex-1 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600"
          >
            {t('map.loading')}
          </div>
        }
      >
        <DealMap
          data={markers.data}
          onViewportChange={setViewport}
          initialBbox={initialBbox}
          fit={follow && extentBbox ? { bbox: extentBbox, id: fitId } : undefined}
          onUserMove={() => setFollow(false)}
          className="min-h-0 flex-1"
        />
      </Suspense>
      <div role="status" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-800 empty:hidden">
        {outside > 0 && (
          <>
            <span>{t('map.outside', { count: outside })}</span>
            <button type="button" onClick={showAll} className="font-semibold text-brand-700 underline">
              {t('map.showAll')}
            </button>
          </>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={!viewport || viewport.bbox === bbox}
          onClick={() => viewport && onChange({ bbox: viewport.bbox })}
          className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60"
        >
          {t('map.searchArea')}
        </button>
        {bbox && (
          <button
            type="button"
            onClick={() => onChange({ bbox: undefined })}
            className="text-sm font-semibold text-brand-700 underline"
          >
            {t('map.anyArea')}
          </button>
        )}
      </div>
      {markers.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('map.error')}
        </p>
      )}
    </section>
  )
}
