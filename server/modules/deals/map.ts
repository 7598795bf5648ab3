import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { DealFiltersSchema, DealsExtent, DealsMap, DealsMapQuerySchema } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { filterConditions, type Viewer } from './browse-filters'
import { dealsWritten } from './repository'
import { sharedReadKey, sharedReads } from './shared-reads'

export type DealsMapQuery = z.output<typeof DealsMapQuerySchema>

/** At most this many cells across and down a viewport, so an answer stays near 23 × 19 ≈ 440 items. */
const CELLS_ACROSS = 22
const CELLS_DOWN = 18

/**
 * The grid's cell size in degrees. A 256-pixel tile spans 360 / 2^zoom degrees; a quarter tile (about
 * 64 px on screen) keeps markers apart. A viewport wider than the zoom suggests (a big screen, or a
 * caller asking for the world at zoom 18) makes the cells bigger instead of the answer longer.
 */
export function cellSize(query: Pick<DealsMapQuery, 'bbox' | 'zoom'>): number {
  const { west, south, east, north } = query.bbox
  const width = west <= east ? east - west : 360 - (west - east)
  const height = Math.max(north - south, 0)
  return Math.max(360 / 2 ** (query.zoom + 2), width / CELLS_ACROSS, height / CELLS_DOWN, 1e-6)
}

/** The map query itself, exported so the benchmark can time the very SQL the endpoint runs. */
export function mapSql(query: DealsMapQuery, viewer: Viewer): SQL {
  const cell = cellSize(query)
  const where = filterConditions(query, viewer)
  // Counts per grid cell in one pass over the covering geo index; then, only for cells holding a single
  // listing, that listing is looked up inside its cell (cheaper than carrying an id through the aggregate).
  return sql`
    with cells as (
      select count(*)::int as n, avg(d.latitude) as lat, avg(d.longitude) as lng,
        floor(d.latitude / ${cell}) as cy, floor(d.longitude / ${cell}) as cx
      from deals d
      where ${where} and d.latitude is not null and d.longitude is not null
      group by 4, 5
    )
    select c.n, c.lat, c.lng, p.id, p.latitude, p.longitude, p.purchase_price, p.deal_category, p.status,
      p.street_address, p.hide_address, p.seller_id, p.city, p.state, p.zip_code
    from cells c
    left join lateral (
      select d.id, d.latitude, d.longitude, d.purchase_price, d.deal_category, d.status,
        d.street_address, d.hide_address, d.seller_id, d.city, d.state, d.zip_code
      from deals d
      where c.n = 1 and ${where}
        and d.latitude between c.cy * ${cell} - 1e-9 and (c.cy + 1) * ${cell} + 1e-9
        and d.longitude between c.cx * ${cell} - 1e-9 and (c.cx + 1) * ${cell} + 1e-9
        and floor(d.latitude / ${cell}) = c.cy and floor(d.longitude / ${cell}) = c.cx
      limit 1
    ) p on true`
}

type CellRow = {
  n: number
  lat: number
  lng: number
  id: string | null
  latitude: number | null
  longitude: number | null
  purchase_price: number | null
  deal_category: DealsMap['points'][number]['dealCategory'] | null
  status: DealsMap['points'][number]['status'] | null
  street_address: string | null
  hide_address: boolean | null
  seller_id: string | null
  city: string | null
  state: string | null
  zip_code: string | null
}

/**
 * The widest marker (a cluster of 56 px, a price pill of about 56 px) plus a little air: two markers whose
 * centres are closer than this in both directions would overlap on screen, which hides one of them and
 * makes two touch targets share pixels (axe's target-size).
 */
const MARKER_SPACING_PX = 60

/** Web Mercator pixel position at a zoom, as Leaflet draws it. */
function toPixel(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180)
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale }
}

/**
 * Grid cells keep markers a cell apart on average, but each sits at its listings' mean position, so two
 * neighbouring cells' markers can land on top of each other near their border. Greedily, biggest first,
 * a row that would overlap a row already kept is folded into it (the kept one does not move, so what was
 * kept stays apart); a single listing folded into another becomes a cluster of two.
 */
function keepApart(rows: CellRow[], zoom: number): CellRow[] {
  const kept: { row: CellRow; x: number; y: number }[] = []
  for (const row of [...rows].sort((a, b) => b.n - a.n)) {
    const lat = row.n === 1 && row.latitude !== null ? row.latitude : Number(row.lat)
    const lng = row.n === 1 && row.longitude !== null ? row.longitude : Number(row.lng)
    const { x, y } = toPixel(lat, lng, zoom)
    const near = kept.find(
      (other) => Math.abs(other.x - x) < MARKER_SPACING_PX && Math.abs(other.y - y) < MARKER_SPACING_PX,
    )
    if (!near) {
      kept.push({ row, x, y })
      continue
    }
    if (near.row.n === 1) {
      // A point becoming a cluster keeps the point's own spot.
      near.row = {
        ...near.row,
        id: null,
        lat: near.row.latitude ?? near.row.lat,
        lng: near.row.longitude ?? near.row.lng,
      }
    }
    near.row = { ...near.row, n: near.row.n + row.n }
  }
  return kept.map((entry) => entry.row)
}

/**
 * The markers of recent viewports and filter sets, shared by their viewers; listing writes forget them. At
 * most 100 (an answer holds up to about 440 markers, roughly 150 KB).
 */
const sharedMarkers = sharedReads<readonly CellRow[]>(dealsWritten, 100)

/**
 * Clusters and single points for the viewport and filters; listings without coordinates are left out.
 * The markers of a viewport, zoom and filter set are remembered for a few seconds and shared by every
 * viewer (everyone opening the map sees the same first view); hidden streets are decided per viewer.
 */
export async function dealsMap(db: Database, query: DealsMapQuery, viewer: Viewer): Promise<DealsMap> {
  const markers = await sharedMarkers(db, sharedReadKey(query, viewer), async () => {
    return keepApart(await rowsOf<CellRow>(db, mapSql(query, viewer)), query.zoom)
  })
  const answer: DealsMap = { clusters: [], points: [], total: 0 }
  for (const row of markers) {
    answer.total += row.n
    if (row.n === 1 && row.id && row.deal_category && row.status) {
      // The same rule as the list's cards: a hidden street shows only to its seller and admins/owners.
      const addressHidden = Boolean(row.hide_address) && !viewer.hasAllAccess && row.seller_id !== viewer.id
      answer.points.push({
        id: row.id,
        lat: row.latitude!,
        lng: row.longitude!,
        price: row.purchase_price,
        dealCategory: row.deal_category,
        status: row.status,
        streetAddress: addressHidden ? null : row.street_address,
        addressHidden,
        city: row.city ?? '',
        state: row.state ?? '',
        zipCode: row.zip_code ?? '',
      })
    } else {
      answer.clusters.push({ lat: Number(row.lat), lng: Number(row.lng), count: row.n })
    }
  }
  return answer
}

export type DealsExtentQuery = z.output<typeof DealFiltersSchema>

/** The extents of recent filter sets (the same for every viewer); listing writes forget them. */
const sharedExtents = sharedReads<DealsExtent>(dealsWritten, 1_000)

/**
 * The box around the filters' matches with coordinates, for the map to fit the results. One aggregate over
 * the same WHERE as browse and map; the SPA asks once per filter set, not on every pan. Remembered for a
 * few seconds per filter set, like browse pages: every buyer opening the map asks for the same one.
 */
export async function dealsExtent(db: Database, query: DealsExtentQuery, viewer: Viewer): Promise<DealsExtent> {
  return sharedExtents(db, sharedReadKey(query, viewer), () => readExtent(db, query, viewer))
}

async function readExtent(db: Database, query: DealsExtentQuery, viewer: Viewer): Promise<DealsExtent> {
  const where = filterConditions(query, viewer)
  const [row] = await rowsOf<{
    n: number
    west: number | null
    south: number | null
    east: number | null
    north: number | null
  }>(
    db,
    sql`
    select count(*)::int as n, min(d.longitude) as west, min(d.latitude) as south,
      max(d.longitude) as east, max(d.latitude) as north
    from deals d
    where ${where} and d.latitude is not null and d.longitude is not null`,
  )
  if (!row || row.n === 0 || row.west === null || row.south === null || row.east === null || row.north === null) {
    return { total: 0, bbox: null }
  }
  return {
    total: row.n,
    bbox: { west: Number(row.west), south: Number(row.south), east: Number(row.east), north: Number(row.north) },
  }
}
