import zipcodes from 'zipcodes'
import { BUYER_ZIP_LIST, type BuyerLocations, type BuyerLocationsQuery, type BuyerZip } from '../../../src/contract'
import type { Database } from '../../db/client'
import { cellSize } from '../deals/map'
import { enough, matchesFilters, radiusZips } from './filters'
import { currentDemand, zipNames, type DemandRow } from './snapshot'

/** Buyers per ZIP code for a filter set, nationwide (within the radius, if any); ZIPs of fewer than 3 left out. */
export async function buyersPerZip(db: Database, query: BuyerLocationsQuery): Promise<BuyerZip[]> {
  const { rows, version } = await currentDemand(db)
  // Panning and zooming keep the filters: their counts are reused until a save changes the rows.
  const key = JSON.stringify([
    query.priceBucket,
    query.minBeds,
    query.minBaths,
    query.financingType,
    query.radiusZip,
    query.radiusMiles,
  ])
  const kept = perFilterSet.get(key)
  if (kept && kept.version === version) return kept.zips
  const zips = countPerZip(rows.values(), query)
  if (perFilterSet.size >= KEPT_FILTER_SETS) perFilterSet.delete(perFilterSet.keys().next().value!)
  perFilterSet.set(key, { version, zips })
  return zips
}

/** At most this many filter sets' counts are kept (each at most one entry per ZIP code with 3+ buyers). */
const KEPT_FILTER_SETS = 50
const perFilterSet = new Map<string, { version: number; zips: BuyerZip[] }>()

function countPerZip(rows: Iterable<DemandRow>, query: BuyerLocationsQuery): BuyerZip[] {
  const zips = radiusZips(query)
  // Counted by ZIP id into an array (hashing 200,000 ZIP strings per call was most of the time).
  const counts = new Int32Array(zipNames.length)
  for (const row of rows) {
    if (!matchesFilters(row, query)) continue
    for (const id of row.zipIds) counts[id]!++
  }
  const answer: BuyerZip[] = []
  for (let id = 0; id < counts.length; id++) {
    const count = counts[id]!
    if (!enough(count)) continue
    const zipCode = zipNames[id]!
    if (zips && !zips.has(zipCode)) continue
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
