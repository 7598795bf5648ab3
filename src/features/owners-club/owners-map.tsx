import { Suspense, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { OwnersZip } from '@/contract'
import { clusterMarker, DealMap, type MapMarker } from '@/features/maps'

const ignoreViewport = () => {}

/**
 * Members' markets: one bubble per ZIP code (at the ZIP's centre, never a listing's address) with how many
 * members have live listings there. The whole country comes in one answer, so moving the map asks nothing.
 */
export function OwnersMap({ zips }: { zips: OwnersZip[] | undefined }) {
  const { t } = useTranslation('ownersClub')
  const markers = useMemo<MapMarker[]>(
    () =>
      (zips ?? []).map((zip, index) =>
        clusterMarker({ lat: zip.lat, lng: zip.lng, count: zip.members }, index, (count) =>
          t('map.zipLabel', { count, zip: zip.zipCode, place: `${zip.city}, ${zip.state}` }),
        ),
      ),
    [zips, t],
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
          onViewportChange={ignoreViewport}
          labels={labels}
          legend={
            <p className="absolute bottom-6 left-2 z-[1000] max-w-56 rounded-md bg-white/95 px-3 py-2 text-xs text-slate-800 shadow">
              {t('map.legend')}
            </p>
          }
          className="min-h-0 flex-1"
        />
      </Suspense>
      <p role="status" className="mt-2 text-sm text-slate-800">
        {zips && t('map.zips', { count: zips.length })}
      </p>
    </section>
  )
}
