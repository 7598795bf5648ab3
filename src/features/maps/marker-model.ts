import { dealAddress, type DealAddress } from '@/lib/deal-address'
import { formatUsd, formatUsdCompact } from '@/lib/format-currency'
import { BboxSchema, type Bbox, type DealsMap } from '@/contract'

/*
 * What the map draws, built from a `GET /api/deals/map` answer without Leaflet, so it can be tested on its
 * own and reused by other maps. Labels come from the caller's translations.
 */

export type MapLabels = {
  /** Accessible name of a point, e.g. "$250,000 cash deal". */
  point: (price: string, category: 'cash' | 'creative') => string
  /** Accessible name of a cluster, e.g. "12 deals here; zoom in". */
  cluster: (count: number) => string
  /** A point with no price. */
  noPrice: string
  /** Said instead of a street the seller hides. */
  addressUndisclosed: string
}

export type ClusterMarker = {
  kind: 'cluster'
  key: string
  lat: number
  lng: number
  count: number
  text: string
  label: string
}
export type PointMarker = {
  kind: 'point'
  key: string
  id: string
  lat: number
  lng: number
  category: 'cash' | 'creative'
  price: string
  /** Street (or "Address undisclosed") and `City, ST ZIP`, for the popup. */
  address: DealAddress
  text: string
  label: string
}
/** A single point with no listing behind it (a generated demo point): its popup says what `label` says. */
export type SpotMarker = {
  kind: 'spot'
  key: string
  lat: number
  lng: number
  text: string
  label: string
}
export type MapMarker = ClusterMarker | PointMarker | SpotMarker

/** Counts above 999 shorten ("1.2k") so the bubble stays round. */
const shortCount = (count: number) =>
  count < 1000 ? String(count) : `${(count / 1000).toFixed(count < 10_000 ? 1 : 0).replace(/\.0$/, '')}k`

/** A cluster's marker: any map's server answer gives where it is and how many points it holds. */
export const clusterMarker = (
  cluster: { lat: number; lng: number; count: number },
  index: number,
  label: (count: number) => string,
): ClusterMarker => ({
  kind: 'cluster',
  key: `c:${cluster.lat},${cluster.lng}:${index}`,
  lat: cluster.lat,
  lng: cluster.lng,
  count: cluster.count,
  text: shortCount(cluster.count),
  label: label(cluster.count),
})

export function buildMarkers(data: DealsMap | undefined, labels: MapLabels): MapMarker[] {
  if (!data) return []
  const clusters = data.clusters.map((cluster, index) => clusterMarker(cluster, index, labels.cluster))
  const points = data.points.map((point): PointMarker => {
    const price = formatUsd(point.price) || labels.noPrice
    return {
      kind: 'point',
      key: `p:${point.id}`,
      id: point.id,
      lat: point.lat,
      lng: point.lng,
      category: point.dealCategory,
      price,
      address: dealAddress(point, labels.addressUndisclosed),
      text: formatUsdCompact(point.price) || '—',
      label: labels.point(price, point.dealCategory),
    }
  })
  return [...clusters, ...points]
}

/** The zoom a cluster click goes to: closer by two levels, never past the tiles' last level. */
export const clusterZoom = (current: number, max = 18) => Math.min(current + 2, max)

/** `west,south,east,north` as the API takes it, clamped to the world and rounded to about a metre. */
export function toBbox(bounds: Bbox): string {
  const round = (value: number) => Math.round(value * 1e5) / 1e5
  const lng = (value: number) => round(Math.max(-180, Math.min(180, value)))
  const lat = (value: number) => round(Math.max(-90, Math.min(90, value)))
  return BboxSchema.encode({
    west: lng(bounds.west),
    south: lat(bounds.south),
    east: lng(bounds.east),
    north: lat(bounds.north),
  })
}

/** `west,south,east,north` back to Leaflet's `[[south, west], [north, east]]`. */
export function fromBbox(bbox: string): [[number, number], [number, number]] {
  const { west, south, east, north } = BboxSchema.safeParse(bbox).data ?? { west: 0, south: 0, east: 0, north: 0 }
  return [
    [south, west],
    [north, east],
  ]
}
