import zipcodes from 'zipcodes'
import { BUYER_ZIP_LIST, type BuyerLocations, type BuyerLocationsQuery, type BuyerZip } from '../../../src/contract'
import type { Database } from '../../db/client'
import { cellSize } from '../deals/map'
import { enough, matchesFilters, radiusZips } from './filters'
import { demandRows } from './snapshot'

/** Buyers per ZIP code for a filter set, nationwide (within the radius, if any); ZIPs of fewer than 3 left out. */
export async function buyersPerZip(db: Database, query: BuyerLocationsQuery): Promise<BuyerZip[]> {
  const zips = radiusZips(query)
  const counts = new Map<string, number>()
  for (const row of await demandRows(db)) {
    if (!matchesFilters(row, query)) continue
    for (const zip of row.zipCodes) if (!zips || zips.has(zip)) counts.set(zip, (counts.get(zip) ?? 0) + 1)
  }
  const answer: BuyerZip[] = []
  for (const [zipCode, count] of counts) {
    if (!enough(count)) continue
    const place = zipcodes.lookup(zipCode)
    if (!place || (place.latitude === 0 && place.longitude === 0)) continue
    answer.push({ zipCode, city: place.city, state: place.state, lat: place.latitude, lng: place.longitude, count })
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
