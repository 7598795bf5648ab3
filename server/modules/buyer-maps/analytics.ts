import type { BuyerAnalytics, BuyerFilters } from '../../../src/contract'
import type { Database } from '../../db/client'
import { enough, inZips, matchesFilters, radiusZips } from './filters'
import { demandRows } from './snapshot'

type Counts = Map<string, number>
const add = (counts: Counts, key: string | null) => key !== null && counts.set(key, (counts.get(key) ?? 0) + 1)

/** Groups of at least 3 buyers, the biggest first. */
const groups = <K extends string>(counts: Counts) =>
  [...counts]
    .filter(([, count]) => enough(count))
    .map(([key, count]) => ({ key: key as K, count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))

/** Buyers by state, price bucket, financing type, credit range and property type; fewer than 3 left out. */
export async function buyerAnalytics(db: Database, filters: BuyerFilters): Promise<BuyerAnalytics> {
  const zips = radiusZips(filters)
  let total = 0
  const state: Counts = new Map()
  const price: Counts = new Map()
  const financing: Counts = new Map()
  const credit: Counts = new Map()
  const property: Counts = new Map()
  for (const row of await demandRows(db)) {
    if (!matchesFilters(row, filters) || !inZips(row, zips)) continue
    total++
    add(state, row.state)
    add(price, row.priceBucket)
    add(financing, row.financingType)
    add(credit, row.creditRange)
    for (const type of row.propertyTypes) add(property, type)
  }
  return {
    total: enough(total) ? total : 0,
    byState: groups(state),
    byPriceBucket: groups(price),
    byFinancingType: groups(financing),
    byCreditRange: groups(credit),
    byPropertyType: groups(property),
  }
}
