import { sql } from 'drizzle-orm'
import zipcodes from 'zipcodes'
import { ZIP_AVERAGE_MINIMUM, type ZipAnalytics, type ZipDemand } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { readAll } from '../../db/reads'
import { zipDictionary } from './columns'
import { zipsWithin } from './radius'
import { currentDemand, type Snapshot } from './snapshot'

/** Each ZIP id's live buyers (slots), CSR-style, built once per snapshot version: a ZIP's buyers are one slice. */
type ByZip = { version: number; start: Int32Array; slots: Int32Array }
const byZipOf = new WeakMap<Snapshot, ByZip>()

export function buyersByZip(snapshot: Snapshot): ByZip {
  const kept = byZipOf.get(snapshot)
  if (kept?.version === snapshot.version) return kept
  const { live, pool, zipStart, zipCount, size } = snapshot.columns
  const start = new Int32Array(zipDictionary.names.length + 1)
  for (let slot = 0; slot < size; slot++) {
    if (!live[slot]) continue
    for (let at = zipStart[slot]!, end = at + zipCount[slot]!; at < end; at++) start[pool[at]! + 1]!++
  }
  for (let id = 1; id < start.length; id++) start[id]! += start[id - 1]!
  const filled = start.slice(0, -1)
  const slots = new Int32Array(start[start.length - 1]!)
  for (let slot = 0; slot < size; slot++) {
    if (!live[slot]) continue
    for (let at = zipStart[slot]!, end = at + zipCount[slot]!; at < end; at++) slots[filled[pool[at]!]!++] = slot
  }
  const built = { version: snapshot.version, start, slots }
  byZipOf.set(snapshot, built)
  return built
}

type Sum = { sum: number; given: number }
/** A figure the buyer gave (NaN: none) added to its sum. */
function add(total: Sum, value: number) {
  if (Number.isNaN(value)) return
  total.sum += value
  total.given++
}

/** The demand of the buyers naming any of the ZIP codes (each buyer once). */
function demandIn(snapshot: Snapshot, zips: Set<string>): ZipDemand {
  const { start, slots } = buyersByZip(snapshot)
  const { downPayment, monthlyPayment, updatedAt } = snapshot.columns
  const seen = new Uint8Array(snapshot.columns.size)
  let buyerCount = 0
  let last = 0
  const down = { sum: 0, given: 0 }
  const monthly = { sum: 0, given: 0 }
  for (const zip of zips) {
    const id = zipDictionary.find(zip)
    if (id < 0) continue
    for (let at = start[id]!, end = start[id + 1]!; at < end; at++) {
      const slot = slots[at]!
      if (seen[slot]) continue
      seen[slot] = 1
      buyerCount++
      last = Math.max(last, updatedAt[slot]!)
      add(down, downPayment[slot]!)
      add(monthly, monthlyPayment[slot]!)
    }
  }
  return {
    buyerCount,
    avgDownPayment: average(down),
    avgMonthlyPayment: average(monthly),
    lastUpdated: last ? new Date(last).toISOString() : null,
  }
}

/** An average only when at least ZIP_AVERAGE_MINIMUM buyers gave the figure (fewer could identify someone). */
const average = ({ sum, given }: Sum) => (given < ZIP_AVERAGE_MINIMUM ? null : Math.round(sum / given))

/** Live listings of a ZIP code: how many, their median price and entry fee. */
async function listingsIn(db: Database, zipCode: string): Promise<ZipAnalytics['listings']> {
  const [row] = await rowsOf<{ n: number; price: number | null; fee: number | null }>(
    db,
    sql`
    select count(*)::int as n,
      percentile_cont(0.5) within group (order by purchase_price) as price,
      percentile_cont(0.5) within group (order by entry_fee) as fee
    from deals where zip_code = ${zipCode} and status in ('active', 'exclusive')`,
  )
  const round = (value: number | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value))
  return { count: Number(row?.n ?? 0), medianPrice: round(row?.price), medianEntryFee: round(row?.fee) }
}

/** A ZIP code's buyer demand and live listings; with a radius, the demand of every ZIP within it too. */
export async function zipAnalytics(db: Database, zipCode: string, radiusMiles?: number): Promise<ZipAnalytics> {
  const place = zipcodes.lookup(zipCode)
  const zips = radiusMiles ? zipsWithin(zipCode, radiusMiles) : null
  const [snapshot, listings] = await readAll(db, [() => currentDemand(db), () => listingsIn(db, zipCode)])
  const demand = demandIn(snapshot, new Set([zipCode]))
  const radius = zips && radiusMiles ? { ...demandIn(snapshot, zips), miles: radiusMiles, zipCount: zips.size } : null
  return { zipCode, city: place?.city ?? null, state: place?.state ?? null, ...demand, radius, listings }
}
