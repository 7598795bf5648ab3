import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { deals } from '../../db/schema'
import type { MatchListing } from './criteria'

/** The deals columns the scorer reads (ListingTerms and the property's facts), plus the id and seller. */
const KEYS = [
  'id',
  'sellerId',
  'dealCategory',
  'purchaseType',
  'purchasePrice',
  'emd',
  'hoaMonthlyFee',
  'solarMonthlyFee',
  'interestRate',
  'loanBalance',
  'loanMaturity',
  'piti',
  'entryFee',
  'sellerLoanAmount',
  'sellerInterestRate',
  'sellerLoanMaturity',
  'optionFee',
  'optionSalePrice',
  'optionTerm',
  'optionFeeDeducted',
  'leaseMonthlyPayment',
  'monthlyPaymentCredited',
  'monthlyCreditAmount',
  'securityDeposit',
  'city',
  'state',
  'zipCode',
  'latitude',
  'longitude',
  'propertyType',
  'bedrooms',
  'bathrooms',
  'squareFootage',
  'lotSize',
  'lotSizeUnit',
  'yearBuilt',
  'traditionalFinancing',
] as const satisfies readonly (keyof typeof deals.$inferSelect)[]

/** `d.purchase_price as "purchasePrice", …`: each column under the name the scorer reads. */
const SELECT_LIST = sql.raw(KEYS.map((key) => `d.${deals[key].name} as "${key}"`).join(', '))

export type ScorableListing = MatchListing & { id: string; sellerId: string }

/**
 * The listings `where` selects (written against `deals d`, as the browse filters are), newest first, at
 * most `limit`, with what the scorer reads. One JSON text for all rows: PGlite decodes an answer field by
 * field, which for 5,000 rows of 37 columns cost ten times the query (the reason browsePageSql does so).
 */
export async function scorableListings(db: Database, where: SQL, limit: number): Promise<ScorableListing[]> {
  const [row] = await rowsOf<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(listing), '[]'::json)::text as rows from (
      select ${SELECT_LIST} from deals d where ${where} order by d.created_at desc, d.id desc limit ${limit}
    ) listing`,
  )
  return JSON.parse(row!.rows) as ScorableListing[]
}
