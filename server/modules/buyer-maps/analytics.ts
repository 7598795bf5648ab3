import { sql } from 'drizzle-orm'
import type { BuyerAnalytics, BuyerFilters } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { demandWhere, HAVING_ENOUGH, radiusZips } from './filters'

type GroupRow = { dim: string; key: string | null; n: number }

/** Buyers by state, price bucket, financing type, credit range and property type, in one pass per grouping. */
export async function buyerAnalytics(db: Database, filters: BuyerFilters): Promise<BuyerAnalytics> {
  const where = demandWhere(filters, radiusZips(filters))
  const rows = await rowsOf<GroupRow>(
    db,
    sql`
    with d as materialized (select d.* from buyer_demand d where ${where})
    select 'total' as dim, null as key, count(*)::int as n from d ${HAVING_ENOUGH}
    union all
    select case when grouping(state) = 0 then 'state' when grouping(price_bucket) = 0 then 'priceBucket'
        when grouping(financing_type) = 0 then 'financingType' else 'creditRange' end,
      coalesce(state, price_bucket, financing_type, credit_range), count(*)::int
    from d group by grouping sets ((state), (price_bucket), (financing_type), (credit_range)) ${HAVING_ENOUGH}
    union all
    select 'propertyType', t, count(*)::int from d, unnest(d.property_types) t group by t ${HAVING_ENOUGH}`,
  )
  const answer: BuyerAnalytics = {
    total: 0,
    byState: [],
    byPriceBucket: [],
    byFinancingType: [],
    byCreditRange: [],
    byPropertyType: [],
  }
  const lists: Record<string, { key: string; count: number }[]> = {
    state: answer.byState,
    priceBucket: answer.byPriceBucket,
    financingType: answer.byFinancingType,
    creditRange: answer.byCreditRange,
    propertyType: answer.byPropertyType,
  }
  for (const row of rows) {
    if (row.dim === 'total') answer.total = Number(row.n)
    else if (row.key !== null) lists[row.dim]!.push({ key: row.key, count: Number(row.n) })
  }
  for (const list of Object.values(lists)) list.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
  return answer
}
