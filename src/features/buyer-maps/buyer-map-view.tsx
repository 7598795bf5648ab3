import { Suspense, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { BuyerFilters, BuyerLocations } from '@/contract'
import { DealMap, type MapViewport } from '@/features/maps'
import { useBuyerLocations } from './buyer-maps-api'
import { zipAnalyticsPath } from './paths'

/** The buyer map (the browse map's component, buyers' words) and, beside it, the busiest ZIP codes in view. */
export function BuyerMapView({ filters }: { filters: BuyerFilters }) {
  const { t } = useTranslation('buyerMaps')
  const [viewport, setViewport] = useState<MapViewport | null>(null)
  const locations = useBuyerLocations(filters, viewport)
  const labels = useMemo(
    () => ({
      map: t('map.label'),
      cluster: (count: number) => t('map.clusterLabel', { count, value: count.toLocaleString('en-US') }),
    }),
    [t],
  )

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
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
            data={locations.data}
            onViewportChange={setViewport}
            labels={labels}
            legend={false}
            className="min-h-0 flex-1"
          />
        </Suspense>
        <p role="status" className="mt-2 text-sm text-slate-800">
          {locations.data && t('map.inView', { count: locations.data.total })}
        </p>
        {locations.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t('loadError')}
          </p>
        )}
      </section>
      <ZipList zips={locations.data?.zips} />
    </div>
  )
}

function ZipList({ zips }: { zips: BuyerLocations['zips'] | undefined }) {
  const { t } = useTranslation('buyerMaps')
  return (
    <section aria-labelledby="buyer-zip-list" className="min-w-0">
      <h2 id="buyer-zip-list" className="mb-2 text-lg font-semibold text-slate-900">
        {t('list.title')}
      </h2>
      {zips && zips.length === 0 && <p className="text-sm text-slate-700">{t('list.empty')}</p>}
      {zips && zips.length > 0 && (
        <div className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('list.zip')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('list.place')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('list.buyers')}
                </th>
              </tr>
            </thead>
            <tbody>
              {zips.map((zip) => (
                <tr key={zip.zipCode} className="border-t border-slate-100">
                  <td className="px-3 py-2">
                    <Link
                      to={zipAnalyticsPath(zip.zipCode)}
                      aria-label={t('list.analyticsFor', { zip: zip.zipCode })}
                      className="font-semibold text-brand-700 underline"
                    >
                      {zip.zipCode}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-slate-800">
                    {zip.city}, {zip.state}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums text-slate-900">
                    {zip.count.toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
