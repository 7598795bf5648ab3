import { Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OwnersZip } from '@/contract'
import { clusterMarker, DealMap, type MapMarker, type MapViewport } from '@/features/maps'
import { clusterZips } from './zip-clusters'

/**
 * Members' markets: one bubble per ZIP code (at the ZIP's centre, never a listing's address) with how many
 * members have live listings there. The whole country comes in one answer, so moving the map asks nothing.
 */
export function OwnersMap({ zips }: { zips: OwnersZip[] | undefined }) {
  const { t } = useTranslation('ownersClub')
  const [zoom, setZoom] = useState<number | null>(null)
  const markers = useMemo<MapMarker[]>(
    () =>
      zoom === null
        ? []
        : clusterZips(zips ?? [], zoom).map((cluster, index) => {
            const [only] = cluster.zips
            return clusterMarker({ lat: cluster.lat, lng: cluster.lng, count: cluster.members }, index, (count) =>
              cluster.zips.length === 1 && only
                ? t('map.zipLabel', { count, zip: only.zipCode, place: `${only.city}, ${only.state}` })
                : t('map.cellLabel', { count, zips: cluster.zips.length }),
            )
          }),
    [zips, zoom, t],
  )
  const labels = useMemo(
    // The markers carry their own words; `cluster` is only the map's fallback.
    () => ({ map: t('map.label'), cluster: (count: number) => t('map.zips', { count }) }),
    [t],
  )
  return (
    <section aria-label={t('map.section')} className="flex min-h-96 min-w-0 flex-col">
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
          markers={markers}
          onViewportChange={(viewport: MapViewport) => setZoom(viewport.zoom)}
          labels={labels}
          legend={false}
          className="min-h-0 flex-1"
        />
      </Suspense>
      <p className="mt-2 text-xs text-slate-700">{t('map.legend')}</p>
      <p role="status" className="mt-1 text-sm text-slate-800">
        {zips && t('map.zips', { count: zips.length })}
      </p>
    </section>
  )
}
