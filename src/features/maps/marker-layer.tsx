import { useEffect, useRef } from 'react'
import L, { type LeafletKeyboardEvent } from 'leaflet'
import { Marker, Popup, useMap } from 'react-leaflet'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clusterZoom, type MapMarker, type PointMarker } from './marker-model'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const MARKER_CLASS: Record<PointMarker['category'] | 'cluster' | 'spot', string> = {
  cash: 'deal-marker deal-marker--cash',
  creative: 'deal-marker deal-marker--creative',
  cluster: 'deal-marker deal-marker--cluster',
  spot: 'deal-marker deal-marker--spot',
}

/**
 * Div icons rather than images: they draw without any network (markers must show when tiles cannot load)
 * and carry their accessible name as text, since Leaflet makes a keyboard marker a focusable button.
 */
function iconFor(marker: MapMarker) {
  const className = MARKER_CLASS[marker.kind === 'point' ? marker.category : marker.kind]
  const size = Math.min(56, 32 + marker.text.length * 4)
  return L.divIcon({
    className,
    html: `<span aria-hidden="true">${escapeHtml(marker.text)}</span><span class="sr-only">${escapeHtml(marker.label)}</span>`,
    // Sized from the text so the anchor (the middle) sits on the spot; a spot is a 24-px dot (target size).
    iconSize:
      marker.kind === 'cluster' ? [size, size] : marker.kind === 'spot' ? [24, 24] : [16 + marker.text.length * 8, 26],
  })
}

/** Enter or Space on a focused cluster: what a click does. */
const activates = (event: LeafletKeyboardEvent) => {
  const { key } = event.originalEvent
  if (key !== 'Enter' && key !== ' ') return false
  event.originalEvent.preventDefault()
  return true
}

/**
 * A point's popup by keyboard. Leaflet opens it on Enter; Space does too, as on any button. Focus moves
 * into it (its link, else its close button: the popup pane comes after every marker in the tab order), and
 * Escape closes it and gives focus back to the marker.
 */
const popupKeys: L.LeafletEventHandlerFnMap = {
  keypress: (event) => {
    const { originalEvent, target } = event as LeafletKeyboardEvent
    if (originalEvent.key !== ' ') return
    originalEvent.preventDefault()
    ;(target as L.Marker).openPopup()
  },
  popupopen: (event) => {
    const marker = event.target as L.Marker
    const popup = (event as L.PopupEvent).popup.getElement()
    if (!popup) return
    popup.onkeydown = (key) => {
      if (key.key !== 'Escape') return
      marker.closePopup()
      marker.getElement()?.focus()
    }
    // The popup's React content renders just after it opens.
    requestAnimationFrame(() =>
      popup.querySelector<HTMLElement>('.leaflet-popup-content a, .leaflet-popup-close-button')?.focus(),
    )
  },
}

export function MarkerLayer({ markers, hrefFor }: { markers: MapMarker[]; hrefFor: (id: string) => string }) {
  const map = useMap()
  const { t } = useTranslation('dealsBrowse')
  return markers.map((marker) => {
    const common = {
      position: [marker.lat, marker.lng] as [number, number],
      icon: iconFor(marker),
      title: marker.label,
    }
    if (marker.kind === 'cluster') {
      const zoomIn = () => map.setView([marker.lat, marker.lng], clusterZoom(map.getZoom(), map.getMaxZoom()))
      return (
        <Marker
          key={marker.key}
          {...common}
          keyboard
          eventHandlers={{ click: zoomIn, keypress: (event) => activates(event) && zoomIn() }}
        />
      )
    }
    if (marker.kind === 'spot') {
      return (
        <Marker key={marker.key} {...common} keyboard eventHandlers={popupKeys}>
          <Popup>
            <span className="text-sm text-slate-900">{marker.label}</span>
          </Popup>
        </Marker>
      )
    }
    return (
      <Marker key={marker.key} {...common} keyboard eventHandlers={popupKeys}>
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
    )
  })
}

/**
 * Calls `onDrawn` once new markers are on the map and the browser is about to paint them: rendered after
 * MarkerLayer, its effect runs after every marker's own (which adds it to the map).
 */
export function DrawnReporter({ markers, onDrawn }: { markers: MapMarker[]; onDrawn?: () => void }) {
  const latest = useRef(onDrawn)
  useEffect(() => {
    latest.current = onDrawn
  })
  useEffect(() => {
    const frame = requestAnimationFrame(() => latest.current?.())
    return () => cancelAnimationFrame(frame)
  }, [markers])
  return null
}
