import { sql } from 'drizzle-orm'
import zipcodes from 'zipcodes'
import { BuyBoxSchema, PreferencesSchema, priceBucketOf } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { buyerDemand } from '../../db/schema'

/**
 * One buyer's row of `buyer_demand` (what the buyer maps count), rebuilt from their buy box and preferences.
 * The profile module calls it in the transaction that saves either document, so the maps never disagree with
 * a saved profile.
 */
export async function refreshBuyerDemand(tx: Database, userId: string): Promise<void> {
  const [row] = await rowsOf<{ buy_box: unknown; preferences: unknown; updated_at: string }>(
    tx,
    sql`
    select b.data as buy_box, p.data as preferences, greatest(b.updated_at, p.updated_at) as updated_at
    from (select ${userId}::uuid as id) u
    left join buy_boxes b on b.user_id = u.id
    left join buyer_preferences p on p.user_id = u.id`,
  )
  const buyBox = row?.buy_box ? BuyBoxSchema.parse(row.buy_box) : null
  const preferences = row?.preferences ? PreferencesSchema.parse(row.preferences) : null
  if (!buyBox && !preferences) {
    await tx.delete(buyerDemand).where(sql`${buyerDemand.userId} = ${userId}`)
    return
  }
  const zipCodes = [...new Set([...(buyBox?.zipCodes ?? []), ...(preferences?.zipCodes ?? [])])].sort()
  const firstZip = zipCodes.map((zip) => zipcodes.lookup(zip)).find(Boolean)
  const maxPrice = buyBox?.maxPrice ?? preferences?.preApprovedAmount ?? null
  const values = {
    zipCodes,
    state: preferences?.state ?? firstZip?.state ?? null,
    maxPrice,
    priceBucket: priceBucketOf(maxPrice),
    minBeds: preferences?.minBedrooms ?? null,
    minBaths: preferences?.minBathrooms ?? null,
    financingType: preferences?.financingType ?? null,
    creditRange: preferences?.creditScoreRange ?? null,
    propertyTypes: [...new Set([...(buyBox?.propertyTypes ?? []), ...(preferences?.propertyTypes ?? [])])].sort(),
    downPayment: preferences?.maxDownPayment ?? null,
    monthlyPayment: preferences?.maxMonthlyPayment ?? null,
    updatedAt: new Date(row!.updated_at),
  }
  await tx
    .insert(buyerDemand)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: buyerDemand.userId, set: values })
}
