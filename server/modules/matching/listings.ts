import { desc, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client'
import { deals } from '../../db/schema'
import type { MatchListing } from './criteria'

/** The deals table as `d`, the alias the browse filters are written against. */
const d = alias(deals, 'd')

/** Only the columns the scorer reads, plus the id, seller and listing date. */
const columns = {
  id: d.id,
  sellerId: d.sellerId,
  createdAt: d.createdAt,
  dealCategory: d.dealCategory,
  purchaseType: d.purchaseType,
  purchasePrice: d.purchasePrice,
  emd: d.emd,
  hoaMonthlyFee: d.hoaMonthlyFee,
  solarMonthlyFee: d.solarMonthlyFee,
  interestRate: d.interestRate,
  loanBalance: d.loanBalance,
  loanMaturity: d.loanMaturity,
  piti: d.piti,
  entryFee: d.entryFee,
  sellerLoanAmount: d.sellerLoanAmount,
  sellerInterestRate: d.sellerInterestRate,
  sellerLoanMaturity: d.sellerLoanMaturity,
  optionFee: d.optionFee,
  optionSalePrice: d.optionSalePrice,
  optionTerm: d.optionTerm,
  optionFeeDeducted: d.optionFeeDeducted,
  leaseMonthlyPayment: d.leaseMonthlyPayment,
  monthlyPaymentCredited: d.monthlyPaymentCredited,
  monthlyCreditAmount: d.monthlyCreditAmount,
  securityDeposit: d.securityDeposit,
  city: d.city,
  state: d.state,
  zipCode: d.zipCode,
  latitude: d.latitude,
  longitude: d.longitude,
  propertyType: d.propertyType,
  bedrooms: d.bedrooms,
  bathrooms: d.bathrooms,
  squareFootage: d.squareFootage,
  lotSize: d.lotSize,
  lotSizeUnit: d.lotSizeUnit,
  yearBuilt: d.yearBuilt,
  traditionalFinancing: d.traditionalFinancing,
}

export type ScorableListing = MatchListing & { id: string; sellerId: string; createdAt: Date }

/**
 * The listings `where` selects (written against `deals d`, as the browse filters are), newest first, at
 * most `limit`, with what the scorer reads.
 */
export async function scorableListings(db: Database, where: SQL, limit: number): Promise<ScorableListing[]> {
  return db.select(columns).from(d).where(where).orderBy(desc(d.createdAt), desc(d.id)).limit(limit)
}
