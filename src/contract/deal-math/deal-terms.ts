import type { Deal } from '../deals'
import { monthlyPayment, monthsBetween, remainingBalance } from './amortization'

/** What the calculator reads from a listing (spec §3 fields; amounts in dollars, rates in annual %). */
export type ListingTerms = Pick<
  Deal,
  | 'dealCategory'
  | 'purchaseType'
  | 'purchasePrice'
  | 'emd'
  | 'hoaMonthlyFee'
  | 'solarMonthlyFee'
  | 'interestRate'
  | 'loanBalance'
  | 'loanMaturity'
  | 'piti'
  | 'entryFee'
  | 'sellerLoanAmount'
  | 'sellerInterestRate'
  | 'sellerLoanMaturity'
  | 'optionFee'
  | 'optionSalePrice'
  | 'optionTerm'
  | 'optionFeeDeducted'
  | 'leaseMonthlyPayment'
  | 'monthlyPaymentCredited'
  | 'monthlyCreditAmount'
  | 'securityDeposit'
>

/** What the buyer types; null means "left blank". Taxes and insurance are monthly. */
export type BuyerInputs = {
  rent: number | null
  monthlyTaxes: number | null
  monthlyInsurance: number | null
  rehab: number | null
  closingCosts: number | null
  /** The seller loan's amortisation; seller-finance notes are usually amortised over 30 years. */
  sellerAmortizationYears: number | null
}

export const DEFAULT_SELLER_AMORTIZATION_YEARS = 30

export type CalculatorKind = 'cash' | 'SubTo' | 'SellerFinance' | 'Hybrid' | 'LeaseOption'

export type ExistingLoanTerms = {
  balance: number
  ratePercent: number
  monthsLeft: number
  /** Amortised over the months left to maturity; null when the maturity is unknown or past. */
  principalAndInterest: number | null
}

export type SellerLoanTerms = {
  amount: number
  ratePercent: number
  principalAndInterest: number
  monthsToMaturity: number
  /** Owed at maturity: the balance after `monthsToMaturity` payments (0 when it amortises fully first). */
  balloon: number
}

export type LeaseTerms = {
  optionFee: number
  monthlyPayment: number
  optionMonths: number
  rentCredits: number
  /** Option sale price − credits − the option fee when it is deducted; never below 0. */
  priceAtExercise: number | null
}

export type DealTerms = {
  kind: CalculatorKind
  existingLoan: ExistingLoanTerms | null
  sellerLoan: SellerLoanTerms | null
  lease: LeaseTerms | null
  /** All monthly housing costs: loan payments (or PITI), typed taxes/insurance, HOA and solar fees. */
  totalMonthlyPayment: number | null
  cashNeeded: number | null
  monthlyCashFlow: number | null
  /** Fractions (0.085 = 8.5 %). */
  cashOnCash: number | null
  capRate: number | null
  dscr: number | null
}

const sum = (...values: (number | null | undefined)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0)

export const calculatorKind = (listing: Pick<ListingTerms, 'dealCategory' | 'purchaseType'>): CalculatorKind =>
  listing.dealCategory === 'creative' && listing.purchaseType ? listing.purchaseType : 'cash'

function existingLoan(listing: ListingTerms, asOf: Date): ExistingLoanTerms | null {
  if (listing.loanBalance === null) return null
  const ratePercent = listing.interestRate ?? 0
  const monthsLeft = listing.loanMaturity ? monthsBetween(asOf, new Date(listing.loanMaturity)) : 0
  return {
    balance: listing.loanBalance,
    ratePercent,
    monthsLeft,
    principalAndInterest: monthsLeft > 0 ? monthlyPayment(listing.loanBalance, ratePercent, monthsLeft) : null,
  }
}

function sellerLoan(listing: ListingTerms, inputs: BuyerInputs, asOf: Date): SellerLoanTerms | null {
  if (listing.sellerLoanAmount === null) return null
  const ratePercent = listing.sellerInterestRate ?? 0
  const amortizationMonths = (inputs.sellerAmortizationYears ?? DEFAULT_SELLER_AMORTIZATION_YEARS) * 12
  const payment = monthlyPayment(listing.sellerLoanAmount, ratePercent, amortizationMonths)
  // Without a maturity the note runs its whole amortisation: no balloon.
  const monthsToMaturity = listing.sellerLoanMaturity
    ? Math.min(monthsBetween(asOf, new Date(listing.sellerLoanMaturity)), amortizationMonths)
    : amortizationMonths
  return {
    amount: listing.sellerLoanAmount,
    ratePercent,
    principalAndInterest: payment,
    monthsToMaturity,
    balloon: remainingBalance(listing.sellerLoanAmount, ratePercent, payment, monthsToMaturity),
  }
}

function lease(listing: ListingTerms): LeaseTerms | null {
  if (listing.leaseMonthlyPayment === null) return null
  const optionMonths = Math.round((listing.optionTerm ?? 0) * 12)
  const optionFee = listing.optionFee ?? 0
  const rentCredits = listing.monthlyPaymentCredited ? (listing.monthlyCreditAmount ?? 0) * optionMonths : 0
  const priceAtExercise =
    listing.optionSalePrice === null
      ? null
      : Math.max(0, listing.optionSalePrice - rentCredits - (listing.optionFeeDeducted ? optionFee : 0))
  return { optionFee, monthlyPayment: listing.leaseMonthlyPayment, optionMonths, rentCredits, priceAtExercise }
}

/**
 * The Subject-To share of the monthly payment: the listed PITI, unless the buyer typed their own taxes or
 * insurance, then the amortised P&I plus those (the listed PITI already holds the seller's figures).
 */
function subjectToPayment(loan: ExistingLoanTerms | null, listing: ListingTerms, inputs: BuyerInputs): number | null {
  const typedEscrow = inputs.monthlyTaxes !== null || inputs.monthlyInsurance !== null
  const pi = loan?.principalAndInterest ?? null
  if (typedEscrow && pi !== null) return sum(pi, inputs.monthlyTaxes, inputs.monthlyInsurance)
  return listing.piti ?? pi
}

/**
 * Every figure of the calculator for one listing and what the buyer typed, as of `asOf` (maturities count
 * from it). Figures that need a missing input are null rather than guessed.
 */
export function computeDealTerms(listing: ListingTerms, inputs: BuyerInputs, asOf: Date): DealTerms {
  const kind = calculatorKind(listing)
  const fees = sum(listing.hoaMonthlyFee, listing.solarMonthlyFee)
  const escrow = sum(inputs.monthlyTaxes, inputs.monthlyInsurance)
  const extras = sum(inputs.closingCosts, inputs.rehab)
  const subTo = kind === 'SubTo' || kind === 'Hybrid' ? existingLoan(listing, asOf) : null
  const seller = kind === 'SellerFinance' || kind === 'Hybrid' ? sellerLoan(listing, inputs, asOf) : null
  const leaseTerms = kind === 'LeaseOption' ? lease(listing) : null

  let totalMonthlyPayment: number | null = null
  let cashNeeded: number | null = null
  if (kind === 'cash') {
    totalMonthlyPayment = escrow + fees
    cashNeeded = listing.purchasePrice === null ? null : listing.purchasePrice + extras
  } else if (kind === 'LeaseOption') {
    totalMonthlyPayment = leaseTerms?.monthlyPayment ?? null
    cashNeeded = sum(listing.optionFee, listing.securityDeposit, listing.emd) + extras
  } else {
    const subToPart = kind === 'SellerFinance' ? 0 : subjectToPayment(subTo, listing, inputs)
    // Seller finance alone carries no listed PITI, so the buyer's taxes and insurance are added to its P&I.
    const sellerEscrow = kind === 'SellerFinance' ? escrow : 0
    totalMonthlyPayment =
      subToPart === null || (kind !== 'SubTo' && seller === null)
        ? null
        : subToPart + (seller?.principalAndInterest ?? 0) + sellerEscrow + fees
    const financed = sum(subTo?.balance, seller?.amount)
    const upfront =
      listing.entryFee ?? (listing.purchasePrice === null ? null : Math.max(0, listing.purchasePrice - financed))
    cashNeeded = upfront === null ? null : upfront + sum(listing.emd) + extras
  }

  const rent = inputs.rent
  const monthlyCashFlow = rent === null || totalMonthlyPayment === null ? null : rent - totalMonthlyPayment
  const cashOnCash =
    monthlyCashFlow === null || !cashNeeded || cashNeeded <= 0 ? null : (monthlyCashFlow * 12) / cashNeeded
  const capBase = sum(listing.purchasePrice, inputs.rehab)
  const capRate =
    kind !== 'cash' || monthlyCashFlow === null || listing.purchasePrice === null || capBase <= 0
      ? null
      : (monthlyCashFlow * 12) / capBase
  // Debt service is the whole monthly payment (PITIA), as DSCR lenders count it; cash and lease deals carry no debt.
  const hasDebt = kind !== 'cash' && kind !== 'LeaseOption'
  const dscr = hasDebt && rent !== null && totalMonthlyPayment ? rent / totalMonthlyPayment : null

  return {
    kind,
    existingLoan: subTo,
    sellerLoan: seller,
    lease: leaseTerms,
    totalMonthlyPayment,
    cashNeeded,
    monthlyCashFlow,
    cashOnCash,
    capRate,
    dscr,
  }
}
