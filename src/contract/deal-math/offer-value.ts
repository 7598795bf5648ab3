import { monthlyRate } from './amortization'
import { computeDealTerms, DEFAULT_SELLER_AMORTIZATION_YEARS, type CalculatorKind, type ListingTerms } from './deal-terms'

/**
 * What an offer is worth to the seller: the cash they get at close plus the present value of what they receive
 * afterwards, discounted monthly at an annual rate the seller chooses. The terms of what comes later are the
 * deal calculator's (`computeDealTerms`, as of the same day, seller notes amortised over its default 30 years),
 * so the numbers match the listing's calculator. Pure, no rounding: the UI and the CSV format.
 *
 * - A cash offer: its purchase price at close, nothing later.
 * - A creative offer on a Subject-To listing: its entry fee at close; the buyer takes over the existing loan,
 *   so the seller receives no later payments (being relieved of the loan is not money received).
 * - Seller finance: the entry fee (the down payment) at close + the PV of the listing's note: its monthly
 *   payments until maturity and the balloon then.
 * - Hybrid: the entry fee at close + the PV of the seller-carried note (the existing loan pays the seller nothing).
 * - Lease option: the entry fee is the option fee offered, at close + the PV of the monthly lease payments over
 *   the option term + the PV of the price paid when the option is exercised at the term's end (the option sale
 *   price less rent credits, less the offered option fee when the listing deducts it). It assumes the option is
 *   exercised.
 * - A creative offer on a listing without a purchase type (a cash listing): what comes later is unknown.
 *
 * A figure that needs a field the listing lacks is null ("unknown"), never guessed.
 */

export const DEFAULT_DISCOUNT_RATE = 8
export const DISCOUNT_RATE_MAX = 100

export type ValuedOffer = { type: 'cash' | 'creative'; purchasePrice: number | null; entryFee: number | null }

/** One stream the seller receives after close, with its present value. */
export type LaterPayment =
  | { kind: 'notePayments'; monthly: number; months: number; ratePercent: number; principal: number; pv: number }
  | { kind: 'balloon'; amount: number; month: number; pv: number }
  | { kind: 'leasePayments'; monthly: number; months: number; pv: number }
  | { kind: 'optionPrice'; amount: number; month: number; pv: number }

export type OfferValue = {
  /** The deal's structure as the calculator reads it; `cash` for every cash offer. */
  kind: CalculatorKind
  discountRatePercent: number
  /** Cash at close (the price, the entry fee, the option fee); null when the offer has no amount. */
  atClose: number | null
  /** The streams after close; empty when there are none (cash, Subject-To) or they are unknown. */
  later: LaterPayment[]
  /** The present value of everything after close; 0 when nothing comes, null when unknown. */
  laterValue: number | null
  /** atClose + laterValue, null when either is unknown. */
  total: number | null
}

/** Present value of `payment` at the end of each of `months` months, discounted at `r` a month. */
export function presentValueOfPayments(payment: number, annualRatePercent: number, months: number): number {
  if (months <= 0 || payment === 0) return 0
  const r = monthlyRate(annualRatePercent)
  return r === 0 ? payment * months : (payment * (1 - Math.pow(1 + r, -months))) / r
}

/** Present value of `amount` received `months` months from now. */
export function presentValueOf(amount: number, annualRatePercent: number, months: number): number {
  return amount / Math.pow(1 + monthlyRate(annualRatePercent), Math.max(0, months))
}

const NOTHING_TYPED = {
  rent: null,
  monthlyTaxes: null,
  monthlyInsurance: null,
  rehab: null,
  closingCosts: null,
  sellerAmortizationYears: DEFAULT_SELLER_AMORTIZATION_YEARS,
}

function sellerNote(listing: ListingTerms, rate: number, asOf: Date): LaterPayment[] | null {
  if (listing.sellerLoanAmount === null || listing.sellerInterestRate === null) return null
  const loan = computeDealTerms(listing, NOTHING_TYPED, asOf).sellerLoan
  if (!loan) return null
  const months = loan.monthsToMaturity
  const streams: LaterPayment[] = [
    {
      kind: 'notePayments',
      monthly: loan.principalAndInterest,
      months,
      ratePercent: loan.ratePercent,
      principal: loan.amount,
      pv: presentValueOfPayments(loan.principalAndInterest, rate, months),
    },
  ]
  if (loan.balloon > 0) {
    streams.push({ kind: 'balloon', amount: loan.balloon, month: months, pv: presentValueOf(loan.balloon, rate, months) })
  }
  return streams
}

function leaseOption(listing: ListingTerms, optionFee: number | null, rate: number, asOf: Date): LaterPayment[] | null {
  if (listing.optionTerm === null || listing.leaseMonthlyPayment === null) return null
  // The offer's entry fee is the option fee it offers; the price at exercise deducts that one when it is deducted.
  const lease = computeDealTerms({ ...listing, optionFee: optionFee ?? listing.optionFee }, NOTHING_TYPED, asOf).lease
  if (!lease || lease.priceAtExercise === null) return null
  const months = lease.optionMonths
  return [
    {
      kind: 'leasePayments',
      monthly: lease.monthlyPayment,
      months,
      pv: presentValueOfPayments(lease.monthlyPayment, rate, months),
    },
    {
      kind: 'optionPrice',
      amount: lease.priceAtExercise,
      month: months,
      pv: presentValueOf(lease.priceAtExercise, rate, months),
    },
  ]
}

/** What `offer` on `listing` is worth to its seller at `discountRatePercent` a year, as of `asOf`. */
export function offerValue(
  offer: ValuedOffer,
  listing: ListingTerms,
  discountRatePercent: number,
  asOf: Date,
): OfferValue {
  const rate = discountRatePercent
  if (offer.type === 'cash') {
    const atClose = offer.purchasePrice
    return { kind: 'cash', discountRatePercent: rate, atClose, later: [], laterValue: 0, total: atClose }
  }
  const listed = computeDealTerms(listing, NOTHING_TYPED, asOf).kind
  const atClose = offer.entryFee
  let later: LaterPayment[] | null
  if (listed === 'SubTo') later = []
  else if (listed === 'SellerFinance' || listed === 'Hybrid') later = sellerNote(listing, rate, asOf)
  else if (listed === 'LeaseOption') later = leaseOption(listing, offer.entryFee, rate, asOf)
  else later = null
  const laterValue = later === null ? null : later.reduce((total, stream) => total + stream.pv, 0)
  return {
    kind: listed,
    discountRatePercent: rate,
    atClose,
    later: later ?? [],
    laterValue,
    total: atClose === null || laterValue === null ? null : atClose + laterValue,
  }
}
