import 'leaflet/dist/leaflet.css'
import './deal-map.css'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { MapContainer, useMap, useMapEvents, ZoomControl } from 'react-leaflet'
import { useTranslation } from 'react-i18next'
import type { DealsMap } from '@/contract'
import { DrawnReporter, MarkerLayer } from './marker-layer'
import { buildMarkers, fromBbox, toBbox, type MapMarker } from './marker-model'
import { Tiles } from './tile-layer'

export type MapViewport = { bbox: string; zoom: number }
/** Fit this `west,south,east,north` box; a new `id` fits again even when the box is the same. */
export type FitRequest = { bbox: string; id: number }

export type DealMapProps = {
  /** A deals map answer (the browse map); other maps pass `markers` instead. */
  data?: DealsMap | undefined
  /** Markers built by the caller (the demo's generated points, buyer locations), drawn instead of `data`'s. */
  markers?: MapMarker[]
  /** What the corner explains: the cash/creative legend unless the caller gives its own, or `false`. */
  legend?: ReactNode | false
  /** Called once new markers are on the map, about to be painted (the demo times its answers' drawing). */
  onDrawn?: () => void
  /** Called once the map has a size, then after each pan or zoom settles. */
  onViewportChange: (viewport: MapViewport) => void
  /** Where a point's popup links to. */
  hrefFor?: (id: string) => string
  center?: [number, number]
  zoom?: number
  /** Open on this `west,south,east,north` box instead (a shared "search this area" link). */
  initialBbox?: string
  /** Move the map to show this box (the results' extent), whenever it changes. */
  fit?: FitRequest
  /** Called when the person moves the map (drag, zoom, keys, a cluster click); never for `fit`. */
  onUserMove?: () => void
  className?: string
  /** Another map's words (the buyer map counts buyers): the map's name and a cluster's (pass `legend={false}` too). */
  labels?: { map: string; cluster: (count: number) => string }
}

/** The contiguous US. */
const US_CENTER: [number, number] = [39.5, -98.35]
const US_ZOOM = 4
const MAX_ZOOM = 18
const SETTLE_MS = 300
/** Half the widest marker (a cluster bubble is at most 56 px): a spot this close to the frame would be cut. */
const MARKER_REACH = 28
/** A fitted box keeps this far from the frame, beyond MARKER_REACH, so every fitted result is in view. */
const FIT_PADDING = 36
/** Fitting one listing (or a few on one street) stops at a neighbourhood, not a single roof. */
const FIT_MAX_ZOOM = 13

/** Reports the viewport once the map is ready and whenever a move ends, debounced so a drag sends one query. */
function ViewportReporter({ onChange }: { onChange: (viewport: MapViewport) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(onChange)
  useEffect(() => {
    latest.current = onChange
  })
  const map = useMap()
  const report = useCallback(() => {
    // The viewport asked for stops MARKER_REACH short of the frame, so every marker drawn fits inside it
    // (a spot at the very edge would draw half outside). A map too small for that asks for all it shows.
    const size = map.getSize()
    const inset = size.x > 4 * MARKER_REACH && size.y > 4 * MARKER_REACH ? MARKER_REACH : 0
    const southWest = map.containerPointToLatLng([inset, size.y - inset])
    const northEast = map.containerPointToLatLng([size.x - inset, inset])
    latest.current({
      bbox: toBbox({ west: southWest.lng, south: southWest.lat, east: northEast.lng, north: northEast.lat }),
      zoom: Math.round(map.getZoom()),
    })
  }, [map])
  // One handler object for the map's life: a new one each render would be unbound and bound again in the
  // commit, and a fit made in that same commit would end its move while nobody listens.
  const handlers = useMemo(
    () => ({
      moveend: () => {
        clearTimeout(timer.current)
        timer.current = setTimeout(report, SETTLE_MS)
      },
    }),
    [report],
  )
  useMapEvents(handlers)
  useEffect(() => {
    map.whenReady(report)
    return () => clearTimeout(timer.current)
  }, [map, report])
  return null
}

/**
 * Fits `fit` when it changes, and tells user moves from its own: a fit runs without animation, so every
 * event it causes fires inside the call, while the flag is up.
 */
function ViewFitter({ fit, onUserMove }: { fit?: FitRequest; onUserMove?: () => void }) {
  const fitting = useRef(false)
  const latest = useRef(onUserMove)
  useEffect(() => {
    latest.current = onUserMove
  })
  const handlers = useMemo(
    () => ({
      movestart: () => {
        if (!fitting.current) latest.current?.()
      },
    }),
    [],
  )
  const map = useMapEvents(handlers)
  const bbox = fit?.bbox
  const id = fit?.id
  useEffect(() => {
    if (!bbox) return
    const size = map.getSize()
    const padding = size.x > 4 * FIT_PADDING && size.y > 4 * FIT_PADDING ? FIT_PADDING : 0
    fitting.current = true
    try {
      map.fitBounds(fromBbox(bbox), { padding: [padding, padding], maxZoom: FIT_MAX_ZOOM, animate: false })
    } finally {
      fitting.current = false
    }
  }, [map, bbox, id])
  return null
}

/** Leaflet makes the map container focusable (arrow keys pan, +/- zoom); give it a name. */
function ContainerLabel({ label }: { label: string }) {
  const map = useMap()
  useEffect(() => {
    map.getContainer().setAttribute('aria-label', label)
  }, [map, label])
  return null
}

/**
 * A Leaflet map of server-clustered markers (deals with a cash/creative legend by default): without tiles
 * it draws them on a plain background; every marker is a named, focusable button (Enter or Space opens a
 * point's popup and zooms into a cluster). Load it lazily (see index.ts).
 */
export function DealMap({
  data,
  markers: givenMarkers,
  legend = <MapLegend />,
  onDrawn,
  onViewportChange,
  hrefFor = (id) => `/deals/${id}`,
  center = US_CENTER,
  initialBbox,
  zoom = US_ZOOM,
  fit,
  onUserMove,
  className,
  labels,
}: DealMapProps) {
  const { t, i18n } = useTranslation('dealsBrowse')
  const [tilesFailed, setTilesFailed] = useState(false)
  const markers = useMemo(
    () =>
      givenMarkers ??
      buildMarkers(data, {
        point: (price, category) => t(`map.pointLabel.${category}`, { price }),
        cluster: labels?.cluster ?? ((count) => t('map.clusterLabel', { count, value: count.toLocaleString('en-US') })),
        noPrice: t('map.noPrice'),
        addressUndisclosed: t('card.addressUndisclosed'),
      }),
    [givenMarkers, data, t, labels],
  )
  return (
    <div className={className}>
      {/* isolate: Leaflet's panes use z-index 400-1000; keep them under the sticky header and dialogs. */}
      <div className="relative isolate h-full min-h-80 overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
        <MapContainer
          {...(initialBbox ? { bounds: fromBbox(initialBbox) } : { center, zoom })}
          maxZoom={MAX_ZOOM}
          zoomControl={false}
          className="h-full min-h-80 w-full"
        >
          <ContainerLabel label={labels?.map ?? t('map.label')} />
          {/* Leaflet's own control says "Zoom in" in every language; its options are read once, hence the key. */}
          <ZoomControl key={i18n.language} zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
          <Tiles maxZoom={MAX_ZOOM} onFailedChange={setTilesFailed} />
          <ViewportReporter onChange={onViewportChange} />
          <ViewFitter fit={fit} onUserMove={onUserMove} />
          <MarkerLayer markers={markers} hrefFor={hrefFor} />
          <DrawnReporter markers={markers} onDrawn={onDrawn} />
        </MapContainer>
        {legend}
        {tilesFailed && (
          <p
            role="alert"
            className="absolute inset-x-2 top-2 z-[1000] rounded-md bg-white/95 px-3 py-2 text-sm text-red-800 shadow"
          >
            {t('map.tilesError')}
          </p>
        )}
      </div>
    </div>
  )
}

function MapLegend() {
  const { t } = useTranslation('dealsBrowse')
  return (
    <div className="absolute bottom-6 left-2 z-[1000] rounded-md bg-white/95 px-3 py-2 text-xs text-slate-800 shadow">
      <p className="mb-1 font-semibold">{t('map.legend')}</p>
      <ul className="grid gap-1">
        {(['cash', 'creative'] as const).map((category) => (
          <li key={category} className="flex items-center gap-2">
            <span aria-hidden="true" className={`deal-legend-swatch deal-legend-swatch--${category}`} />
            {t(`map.category.${category}`)}
          </li>
        ))}
      </ul>
    </div>
  )
}
