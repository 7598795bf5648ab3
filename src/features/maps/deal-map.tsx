import 'leaflet/dist/leaflet.css'
import './deal-map.css'
import { useEffect, useMemo, useRef } from 'react'
import L from 'leaflet'
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { DealsMap } from '@/contract'
import { buildMarkers, clusterZoom, fromBbox, toBbox, type MapMarker, type PointMarker } from './marker-model'
import { tileAttribution, tileUrl } from './tiles'

export type MapViewport = { bbox: string; zoom: number }

export type DealMapProps = {
  data: DealsMap | undefined
  /** Called once the map has a size, then after each pan or zoom settles. */
  onViewportChange: (viewport: MapViewport) => void
  /** Where a point's popup links to. */
  hrefFor?: (id: string) => string
  center?: [number, number]
  zoom?: number
  /** Open on this `west,south,east,north` box instead (a shared "search this area" link). */
  initialBbox?: string
  className?: string
}

/** The contiguous US. */
const US_CENTER: [number, number] = [39.5, -98.35]
const US_ZOOM = 4
const MAX_ZOOM = 18
const SETTLE_MS = 300

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const POINT_CLASS: Record<PointMarker['category'], string> = {
  cash: 'deal-marker deal-marker--cash',
  creative: 'deal-marker deal-marker--creative',
}

/**
 * Div icons rather than images: they draw without any network (markers must show when tiles cannot load)
 * and carry their accessible name as text, since Leaflet makes a keyboard marker a focusable button.
 */
function iconFor(marker: MapMarker) {
  const className = marker.kind === 'cluster' ? 'deal-marker deal-marker--cluster' : POINT_CLASS[marker.category]
  const size = Math.min(56, 32 + marker.text.length * 4)
  return L.divIcon({
    className,
    html: `<span aria-hidden="true">${escapeHtml(marker.text)}</span><span class="sr-only">${escapeHtml(marker.label)}</span>`,
    // Sized from the text so the anchor (the middle) sits on the spot.
    iconSize: marker.kind === 'cluster' ? [size, size] : [16 + marker.text.length * 8, 26],
  })
}

/** Reports the viewport once the map is ready and whenever a move ends, debounced so a drag sends one query. */
function ViewportReporter({ onChange }: { onChange: (viewport: MapViewport) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const latest = useRef(onChange)
  useEffect(() => {
    latest.current = onChange
  })
  const map = useMapEvents({
    moveend: () => {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => report(), SETTLE_MS)
    },
  })
  const report = () => {
    const bounds = map.getBounds()
    latest.current({
      bbox: toBbox({
        west: bounds.getWest(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        north: bounds.getNorth(),
      }),
      zoom: Math.round(map.getZoom()),
    })
  }
  useEffect(() => {
    map.whenReady(report)
    return () => clearTimeout(timer.current)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the map exists
  }, [map])
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

function MarkerLayer({ markers, hrefFor }: { markers: MapMarker[]; hrefFor: (id: string) => string }) {
  const map = useMap()
  const { t } = useTranslation('dealsBrowse')
  return markers.map((marker) =>
    marker.kind === 'cluster' ? (
      <Marker
        key={marker.key}
        position={[marker.lat, marker.lng]}
        icon={iconFor(marker)}
        title={marker.label}
        keyboard
        eventHandlers={{ click: () => map.setView([marker.lat, marker.lng], clusterZoom(map.getZoom(), MAX_ZOOM)) }}
      />
    ) : (
      <Marker key={marker.key} position={[marker.lat, marker.lng]} icon={iconFor(marker)} title={marker.label} keyboard>
        <Popup>
          <div className="grid gap-1 text-sm">
            <span className="font-semibold text-slate-900">{marker.price}</span>
            <span className="text-slate-600">{t(`map.category.${marker.category}`)}</span>
            <span className="text-slate-800">
              <span className="block">{marker.address.street}</span>
              <span className="block">{marker.address.locality}</span>
            </span>
            <Link to={hrefFor(marker.id)} className="font-semibold text-brand-700 underline">
              {t('map.viewListing')}
            </Link>
          </div>
        </Popup>
      </Marker>
    ),
  )
}

/** A Leaflet map of server-clustered deals with a cash/creative legend. Load it lazily (see index.ts). */
export function DealMap({
  data,
  onViewportChange,
  hrefFor = (id) => `/deals/${id}`,
  center = US_CENTER,
  initialBbox,
  zoom = US_ZOOM,
  className,
}: DealMapProps) {
  const { t, i18n } = useTranslation('dealsBrowse')
  const tiles = tileUrl()
  const markers = useMemo(
    () =>
      buildMarkers(data, {
        point: (price, category) => t(`map.pointLabel.${category}`, { price }),
        cluster: (count) => t('map.clusterLabel', { count, value: count.toLocaleString('en-US') }),
        noPrice: t('map.noPrice'),
        addressUndisclosed: t('card.addressUndisclosed'),
      }),
    [data, t],
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
          <ContainerLabel label={t('map.label')} />
          {/* Leaflet's own control says "Zoom in" in every language; its options are read once, hence the key. */}
          <ZoomControl key={i18n.language} zoomInTitle={t('map.zoomIn')} zoomOutTitle={t('map.zoomOut')} />
          {tiles && <TileLayer url={tiles} attribution={tileAttribution()} maxZoom={MAX_ZOOM} />}
          <ViewportReporter onChange={onViewportChange} />
          <MarkerLayer markers={markers} hrefFor={hrefFor} />
        </MapContainer>
        <MapLegend />
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
