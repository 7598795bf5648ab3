import { eq } from 'drizzle-orm'
import { endpoints, type Deal, type DealFormValues, type Role } from '../../src/contract'
import { deals } from '../../server/db/schema'
import { CASH_LISTING } from '../fixtures/cash-listing'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import type { TestApp } from './helpers'

/** A cash listing that passes every rule; tests change one field at a time. */
export const cashListing = {
  ...CASH_LISTING,
  streetAddress: '123 Main Street',
  dealDescription: 'Solid rental in a quiet street.',
}

const subToTerms = {
  loanType: 'FHA',
  interestRate: 3.25,
  loanBalance: 180000,
  loanMaturity: '2050-06-01',
  piti: 1450,
  entryFee: 25000,
}
const sellerFinanceTerms = {
  sellerLoanAmount: 40000,
  sellerInterestRate: 6,
  pi: 350,
  sellerLoanMaturity: '2035-01-01',
  deedTransferType: 'DeedTransfer',
}

/** One valid creative listing per purchase type. */
export const creativeListings = {
  SubTo: { ...cashListing, dealCategory: 'creative', purchaseType: 'SubTo', ...subToTerms },
  SellerFinance: { ...cashListing, dealCategory: 'creative', purchaseType: 'SellerFinance', ...sellerFinanceTerms },
  Hybrid: {
    ...cashListing,
    dealCategory: 'creative',
    purchaseType: 'Hybrid',
    ...subToTerms,
    ...sellerFinanceTerms,
  },
  LeaseOption: {
    ...cashListing,
    dealCategory: 'creative',
    purchaseType: 'LeaseOption',
    purchasePrice: null,
    optionFee: 5000,
    optionSalePrice: 300000,
    optionTerm: 2,
    leaseMonthlyPayment: 1900,
  },
} as const

let street = 100
/** A listing body at an address no other test uses, so duplicate checks never collide by accident. */
export const uniqueListing = (overrides: Record<string, unknown> = {}) => ({
  ...cashListing,
  streetAddress: `${street++} Unique Road`,
  ...overrides,
})

/** Creates a listing as `seller` (201 expected); the answer is read with the contract's DealSchema. */
export async function createListing(t: TestApp, seller: Caller, overrides: Record<string, unknown> = {}) {
  // Tests pass overrides loosely (invalid ones too, elsewhere); a valid body is the form's values.
  const body = uniqueListing(overrides) as DealFormValues
  return client(t.app, seller).ok(endpoints.createDeal, { body })
}

export async function setDealStatus(t: TestApp, id: string, status: Deal['status']) {
  await t.db.update(deals).set({ status }).where(eq(deals.id, id))
}

export const sellerCaller = (t: TestApp, roles: Role[] = ['originator']) => callerWith(t, roles)
