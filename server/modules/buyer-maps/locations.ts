import zipcodes from 'zipcodes'
import { BUYER_ZIP_LIST, type BuyerLocations, type BuyerLocationsQuery, type BuyerZip } from '../../../src/contract'
import type { Database } from '../../db/client'
import { cellSize } from '../deals/map'
import { zipDictionary, type DemandColumns } from './columns'
import { enough, matchingSlots, radiusZips, zipFlags } from './filters'
import { currentDemand } from './snapshot'

/** A filter set's ZIPs (ids), busiest first, with their positions and counts (a viewport's loop reads these). */
type ZipCounts = { ids: Int32Array; lat: Float64Array; lng: Float64Array; count: Int32Array }

/** Buyers per ZIP code for a filter set, nationwide (within the radius, if any); ZIPs of fewer than 3 left out. */
export async function buyersPerZip(db: Database, query: BuyerLocationsQuery): Promise<ZipCounts> {
  const { columns, version } = await currentDemand(db)
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
  const zips = countPerZip(columns, query)
  if (perFilterSet.size >= KEPT_FILTER_SETS) perFilterSet.delete(perFilterSet.keys().next().value!)
  perFilterSet.set(key, { version, zips })
  return zips
}

/** At most this many filter sets' counts are kept (each at most one entry per ZIP code with 3+ buyers). */
const KEPT_FILTER_SETS = 50
const perFilterSet = new Map<string, { version: number; zips: ZipCounts }>()

type Place = Omit<BuyerZip, 'count'>
/** Each ZIP id's place, looked up once (null: unknown, not five digits, or the table's 0,0 of military codes). */
const places: (Place | null | undefined)[] = []
function placeOf(id: number): Place | null {
  let place = places[id]
  if (place === undefined) {
    const zipCode = zipDictionary.names[id]!
    const found = /^\d{5}$/.test(zipCode) ? zipcodes.lookup(zipCode) : undefined
    place =
      !found || (found.latitude === 0 && found.longitude === 0)
        ? null
        : { zipCode, city: found.city, state: found.state, lat: found.latitude, lng: found.longitude }
    places[id] = place
  }
  return place
}

/** Looks up the place of every ZIP code buyers named so far (as the server starts: no request then does). */
export function knowPlaces() {
  for (let id = 0; id < zipDictionary.names.length; id++) placeOf(id)
}

/** Sort keys: fewer buyers sort later, then the five-digit code as a number (its order as text). */
const COUNT_STEP = 100_000
const MOST_BUYERS = 2 ** 30

function countPerZip(columns: DemandColumns, query: BuyerLocationsQuery): ZipCounts {
  const radius = radiusZips(query)
  const inRadius = radius && zipFlags(radius)
  // Counted by ZIP id into an array (hashing 200,000 ZIP strings per call was most of the time).
  const counts = new Int32Array(zipDictionary.names.length)
  const { pool, zipStart, zipCount } = columns
  for (const slot of matchingSlots(columns, query, null)) {
    for (let at = zipStart[slot]!, end = at + zipCount[slot]!; at < end; at++) counts[pool[at]!]!++
  }
  // Busiest first, then by ZIP code: one numeric sort of keys (sorting objects with a comparator took
  // hundreds of milliseconds for the ~17,000 ZIPs of a nationwide filter set).
  const keys = new Float64Array(counts.length)
  const idOfCode = new Int32Array(COUNT_STEP)
  let found = 0
  for (let id = 0; id < counts.length; id++) {
    const count = counts[id]!
    if (!enough(count) || (inRadius && !inRadius[id])) continue
    const place = placeOf(id)
    if (!place) continue
    const code = Number(place.zipCode)
    idOfCode[code] = id
    keys[found++] = (MOST_BUYERS - count) * COUNT_STEP + code
  }
  const sorted = keys.subarray(0, found).sort()
  const answer: ZipCounts = {
    ids: new Int32Array(found),
    lat: new Float64Array(found),
    lng: new Float64Array(found),
    count: new Int32Array(found),
  }
  for (let at = 0; at < found; at++) {
    const id = idOfCode[sorted[at]! % COUNT_STEP]!
    const place = places[id]!
    answer.ids[at] = id
    answer.lat[at] = place.lat
    answer.lng[at] = place.lng
    answer.count[at] = counts[id]!
  }
  return answer
}

const COLUMNS = 2 ** 25

/**
 * The viewport's ZIPs gathered into grid cells as the browse map gathers listings (the same cell size for a
 * viewport and zoom), each marker at its buyers' mean position; the list holds the busiest ZIPs in view (the
 * filter set's ZIPs are kept busiest first, so one pass finds them without sorting).
 */
export async function buyerLocations(db: Database, query: BuyerLocationsQuery): Promise<BuyerLocations> {
  const cell = cellSize(query)
  // A small integer per cell (a V8 small integer hashes far faster than a string or a large number): rows
  // counted from the viewport's south edge (at most CELLS_DOWN + 2 of them), columns from longitude -180 (at
  // most 360 / cell + 1 < 2^25 even at zoom 22), so a key stays under 2^30.
  const firstRow = Math.floor(query.bbox.south / cell)
  const firstColumn = Math.floor(-180 / cell)
  const cells = new Map<number, { lat: number; lng: number; count: number }>()
  const zips: BuyerZip[] = []
  const perZip = await buyersPerZip(db, query)
  const { west, south, east, north } = query.bbox
  const wraps = west > east
  for (let at = 0; at < perZip.ids.length; at++) {
    const lat = perZip.lat[at]!
    const lng = perZip.lng[at]!
    if (lat < south || lat > north || (wraps ? lng < west && lng > east : lng < west || lng > east)) continue
    if (zips.length < BUYER_ZIP_LIST) zips.push({ ...places[perZip.ids[at]!]!, count: perZip.count[at]! })
    const key = (Math.floor(lat / cell) - firstRow) * COLUMNS + Math.floor(lng / cell) - firstColumn
    let sum = cells.get(key)
    if (!sum) cells.set(key, (sum = { lat: 0, lng: 0, count: 0 }))
    const count = perZip.count[at]!
    sum.lat += lat * count
    sum.lng += lng * count
    sum.count += count
  }
  const clusters = [...cells.values()].map((sum) => ({
    lat: sum.lat / sum.count,
    lng: sum.lng / sum.count,
    count: sum.count,
  }))
  return { clusters, points: [], zips, total: clusters.reduce((total, cluster) => total + cluster.count, 0) }
}
