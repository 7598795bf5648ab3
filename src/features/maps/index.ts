import { lazy } from 'react'

/*
 * Leaflet is heavy and only map pages need it: the map component is a lazy chunk (with Leaflet's CSS), so
 * importing this index never pulls Leaflet into another page's first paint.
 */
export const DealMap = lazy(() => import('./deal-map').then((module) => ({ default: module.DealMap })))
export type { DealMapProps, FitRequest, MapViewport } from './deal-map'
export {
  buildMarkers,
  clusterMarker,
  clusterZoom,
  fromBbox,
  toBbox,
  type MapMarker,
  type MapLabels,
  type SpotMarker,
} from './marker-model'
export { tileUrl, DEFAULT_TILE_URL } from './tiles'
