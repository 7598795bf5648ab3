import { sql } from 'drizzle-orm'
import zipcodes from 'zipcodes'
import { BUYER_ZIP_LIST, type BuyerLocations, type BuyerLocationsQuery, type BuyerZip } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { cellSize } from '../deals/map'
import { demandWhere, HAVING_ENOUGH, radiusZips, textArray } from './filters'

/** Buyers per ZIP code for a filter set, nationwide, ZIPs of fewer than 3 buyers left out. */
export async function buyersPerZip(db: Database, query: BuyerLocationsQuery): Promise<BuyerZip[]> {
  const zips = radiusZips(query)
  const rows = await rowsOf<{ zip: string; n: number }>(
    db,
    sql`
    select z as zip, count(*)::int as n
    from buyer_demand d, unnest(d.zip_codes) z
    where ${demandWhere(query, zips)} ${zips ? sql`and z in (select unnest(${textArray(zips)}))` : sql``}
    group by z ${HAVING_ENOUGH}`,
  )
  const answer: BuyerZip[] = []
  for (const row of rows) {
    const place = zipcodes.lookup(row.zip)
    if (!place || (place.latitude === 0 && place.longitude === 0)) continue
    answer.push({
      zipCode: row.zip,
      city: place.city,
      state: place.state,
      lat: place.latitude,
      lng: place.longitude,
      count: Number(row.n),
    })
  }
  return answer
}

function inBox(zip: BuyerZip, { west, south, east, north }: BuyerLocationsQuery['bbox']) {
  const inLng = west <= east ? zip.lng >= west && zip.lng <= east : zip.lng >= west || zip.lng <= east
  return inLng && zip.lat >= south && zip.lat <= north
}

/**
 * The viewport's ZIPs gathered into grid cells as the browse map gathers listings (the same cell size for a
 * viewport and zoom), each marker at its buyers' mean position; the list holds the busiest ZIPs in view.
 */
export async function buyerLocations(db: Database, query: BuyerLocationsQuery): Promise<BuyerLocations> {
  const inView = (await buyersPerZip(db, query)).filter((zip) => inBox(zip, query.bbox))
  const cell = cellSize(query)
  const cells = new Map<string, { lat: number; lng: number; count: number }>()
  for (const zip of inView) {
    const key = `${Math.floor(zip.lat / cell)}:${Math.floor(zip.lng / cell)}`
    const sum = cells.get(key) ?? { lat: 0, lng: 0, count: 0 }
    sum.lat += zip.lat * zip.count
    sum.lng += zip.lng * zip.count
    sum.count += zip.count
    cells.set(key, sum)
  }
  const clusters = [...cells.values()].map((sum) => ({
    lat: sum.lat / sum.count,
    lng: sum.lng / sum.count,
    count: sum.count,
  }))
  const zips = inView.sort((a, b) => b.count - a.count || a.zipCode.localeCompare(b.zipCode)).slice(0, BUYER_ZIP_LIST)
  return { clusters, points: [], zips, total: clusters.reduce((total, cluster) => total + cluster.count, 0) }
}
