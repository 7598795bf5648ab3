import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DealMap, type MapViewport } from '@/features/maps'
import { filterQuery, type BrowseState } from './browse-params'
import { useDealsMap } from './deals-api'

/** The map beside the list: the same filters plus the viewport; old markers stay while new ones load. */
export function BrowseMap({ state, className }: { state: BrowseState; className?: string }) {
  const { t } = useTranslation('dealsBrowse')
  const [viewport, setViewport] = useState<MapViewport | null>(null)
  const markers = useDealsMap(filterQuery(state), viewport)

  return (
    <section aria-label={t('map.section')} className={className}>
      <Suspense
        fallback={
          <div
            role="status"
            className="flex h-full min-h-80 items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600"
          >
            {t('map.loading')}
          </div>
        }
      >
        <DealMap data={markers.data} onViewportChange={setViewport} className="h-full" />
      </Suspense>
      {markers.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('map.error')}
        </p>
      )}
    </section>
  )
}
