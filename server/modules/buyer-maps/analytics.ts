import type { BuyerAnalytics, BuyerFilters } from '../../../src/contract'
import type { Database } from '../../db/client'
import { creditDictionary, financingDictionary, priceDictionary, propertyDictionary, stateDictionary } from './columns'
import type { Dictionary } from './columns'
import { enough, matchingSlots, radiusZips, zipFlags } from './filters'
import { currentDemand } from './snapshot'

/** Groups of at least 3 buyers, the biggest first. */
function groups<K extends string>(counts: Int32Array, dictionary: Dictionary) {
  const answer: { key: K; count: number }[] = []
  for (let id = 0; id < counts.length; id++) {
    if (enough(counts[id]!)) answer.push({ key: dictionary.names[id] as K, count: counts[id]! })
  }
  return answer.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
}

/** Counts of a column's ids over the slots (a missing value, -1, is not counted). */
function countsOf(column: Int32Array, slots: Int32Array, dictionary: Dictionary) {
  const counts = new Int32Array(dictionary.names.length)
  for (const slot of slots) {
    const id = column[slot]!
    if (id >= 0) counts[id]!++
  }
  return counts
}

/** Buyers by state, price bucket, financing type, credit range and property type; fewer than 3 left out. */
export async function buyerAnalytics(db: Database, filters: BuyerFilters): Promise<BuyerAnalytics> {
  const radius = radiusZips(filters)
  const { columns } = await currentDemand(db)
  const slots = matchingSlots(columns, filters, radius && zipFlags(radius))
  const property = new Int32Array(propertyDictionary.names.length)
  const { pool, propertyStart, propertyCount } = columns
  for (const slot of slots) {
    for (let at = propertyStart[slot]!, end = at + propertyCount[slot]!; at < end; at++) property[pool[at]!]!++
  }
  return {
    total: enough(slots.length) ? slots.length : 0,
    byState: groups(countsOf(columns.state, slots, stateDictionary), stateDictionary),
    byPriceBucket: groups(countsOf(columns.price, slots, priceDictionary), priceDictionary),
    byFinancingType: groups(countsOf(columns.financing, slots, financingDictionary), financingDictionary),
    byCreditRange: groups(countsOf(columns.credit, slots, creditDictionary), creditDictionary),
    byPropertyType: groups(property, propertyDictionary),
  }
}
