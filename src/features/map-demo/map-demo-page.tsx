import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { MAP_DEMO_SIZES, type MapDemoAnswer, type MapDemoSize } from '@/contract'
import { clusterMarker, DealMap, type MapMarker, type MapViewport } from '@/features/maps'
import { isDemoSize, useMapDemo } from './map-demo-api'

const formatted = (value: number, language: string) => value.toLocaleString(language === 'es' ? 'es-US' : 'en-US')
/** 0.42, 12.5, 812: two significant figures below 100 ms, whole milliseconds above. */
const millis = (value: number) => value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)

/**
 * /map-optimization-demo (admins and owners): 10,000, 100,000 or 1,000,000 generated points clustered on
 * the server, on the app's map, with the server's answer time and the map's draw time as the person pans
 * and zooms. The data set is in the link (`?points=100000`).
 */
export function MapDemoPage() {
  const { t, i18n } = useTranslation('admin')
  usePageTitle(t('mapDemo.title'))
  const [params, setParams] = useSearchParams()
  // The radio answers at once; the link follows (replaced, so Back leaves the page).
  const [size, setSize] = useState<MapDemoSize>(() => {
    const requested = params.get('points')
    return isDemoSize(requested) ? requested : '10000'
  })
  const choose = (option: MapDemoSize) => {
    setSize(option)
    setParams({ points: option }, { replace: true })
  }
  const [viewport, setViewport] = useState<MapViewport | null>(null)
  const demo = useMapDemo(size, viewport)
  const [drawMs, setDrawMs] = useState<number | null>(null)
  const [buildMs, setBuildMs] = useState<Partial<Record<MapDemoSize, number>>>({})

  const answer = demo.data
  // Building the index is a first call's business: remember it once seen.
  const built = answer?.buildMs
  if (built != null && !demo.isPlaceholderData && buildMs[size] === undefined) {
    setBuildMs((known) => ({ ...known, [size]: built }))
  }
  const markers = useDemoMarkers(answer)
  // Drawing is timed from the answer's arrival, once per answer (not when the language rebuilds the labels).
  const timed = useRef(0)
  const onDrawn = () => {
    if (!answer || timed.current === demo.dataUpdatedAt) return
    timed.current = demo.dataUpdatedAt
    setDrawMs(Date.now() - demo.dataUpdatedAt)
  }
  const number = (value: number) => formatted(value, i18n.language)

  return (
    <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('mapDemo.title')}</h1>
        <p className="text-sm text-slate-700">{t('mapDemo.intro')}</p>
      </div>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">{t('mapDemo.dataSet')}</legend>
        {MAP_DEMO_SIZES.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="points"
              value={option}
              checked={option === size}
              onChange={() => choose(option)}
              className="size-4 accent-brand-700"
            />
            {t('mapDemo.points', { count: Number(option), formatted: number(Number(option)) })}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
        <Suspense
          fallback={
            <div role="status" className="flex h-[32rem] items-center justify-center rounded-lg bg-slate-100 text-sm">
              {t('dealsBrowse:map.loading')}
            </div>
          }
        >
          <DealMap
            markers={markers}
            legend={<DemoLegend />}
            onViewportChange={setViewport}
            onDrawn={onDrawn}
            className="h-[32rem]"
          />
        </Suspense>
        <section aria-labelledby="map-demo-timings" className="grid content-start gap-3 text-sm">
          <h2 id="map-demo-timings" className="text-lg font-semibold text-slate-900">
            {t('mapDemo.timings')}
          </h2>
          <dl className="grid gap-2">
            <Figure term={t('mapDemo.answerTime')}>
              {answer ? t('mapDemo.ms', { value: millis(answer.answerMs) }) : t('mapDemo.notYet')}
            </Figure>
            <Figure term={t('mapDemo.drawTime')}>
              {drawMs === null || !answer ? t('mapDemo.notYet') : t('mapDemo.ms', { value: millis(drawMs) })}
            </Figure>
            <Figure term={t('mapDemo.buildTime')}>
              {buildMs[size] === undefined ? t('mapDemo.notYet') : t('mapDemo.ms', { value: millis(buildMs[size]) })}
            </Figure>
            <Figure term={t('mapDemo.shown')}>
              {answer && viewport
                ? t('mapDemo.shownValue', {
                    clusters: number(answer.clusters.length),
                    points: number(answer.points.length),
                    total: number(answer.total),
                    zoom: viewport.zoom,
                  })
                : t('mapDemo.notYet')}
            </Figure>
          </dl>
          <div role="status" className="empty:hidden">
            {demo.isFetching && buildMs[size] === undefined && (
              <p className="text-slate-700">{t('mapDemo.building', { formatted: number(Number(size)) })}</p>
            )}
          </div>
          {demo.isError && (
            <p role="alert" className="text-red-700">
              {t('mapDemo.error')}
            </p>
          )}
        </section>
      </div>
    </div>
  )
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="text-base tabular-nums text-slate-900">{children}</dd>
    </div>
  )
}

/** Clusters say how many points they hold; a single point says which one and where. */
function useDemoMarkers(answer: MapDemoAnswer | undefined): MapMarker[] {
  const { t } = useTranslation('admin')
  return useMemo(() => {
    if (!answer) return []
    const label = (count: number) => t('mapDemo.clusterLabel', { count, value: count.toLocaleString('en-US') })
    return [
      ...answer.clusters.map((cluster, index) => clusterMarker(cluster, index, label)),
      ...answer.points.map((point): MapMarker => ({
        kind: 'spot',
        key: `s:${point.id}`,
        lat: point.lat,
        lng: point.lng,
        text: '',
        label: t('mapDemo.pointLabel', { id: point.id, lat: point.lat.toFixed(4), lng: point.lng.toFixed(4) }),
      })),
    ]
  }, [answer, t])
}

function DemoLegend() {
  const { t } = useTranslation('admin')
  return (
    <div className="absolute bottom-6 left-2 z-[1000] rounded-md bg-white/95 px-3 py-2 text-xs text-slate-800 shadow">
      <p className="mb-1 font-semibold">{t('mapDemo.legend')}</p>
      <ul className="grid gap-1">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="deal-legend-swatch deal-legend-swatch--cluster" />
          {t('mapDemo.legendCluster')}
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="deal-legend-swatch deal-legend-swatch--spot" />
          {t('mapDemo.legendPoint')}
        </li>
      </ul>
    </div>
  )
}
