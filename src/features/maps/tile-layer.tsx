import { useEffect, useMemo, useRef } from 'react'
import { TileLayer } from 'react-leaflet'
import { tileAttribution, tileUrl } from './tiles'

/**
 * The background tiles, or none for `VITE_MAP_TILE_URL=none`. Tells whether the last round of tiles had a
 * failure (offline, the provider down or refusing): a round starts when the layer begins loading the
 * tiles of a new view and ends when it has tried them all.
 */
export function Tiles({ maxZoom, onFailedChange }: { maxZoom: number; onFailedChange: (failed: boolean) => void }) {
  const url = tileUrl()
  const failures = useRef(0)
  const latest = useRef(onFailedChange)
  useEffect(() => {
    latest.current = onFailedChange
  })
  const handlers = useMemo(
    () => ({
      loading: () => {
        failures.current = 0
      },
      tileerror: () => {
        failures.current += 1
        latest.current(true)
      },
      load: () => latest.current(failures.current > 0),
    }),
    [],
  )
  if (!url) return null
  return <TileLayer url={url} attribution={tileAttribution()} maxZoom={maxZoom} eventHandlers={handlers} />
}
