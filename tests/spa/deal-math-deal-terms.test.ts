import { computeDealTerms, type BuyerInputs, type ListingTerms } from '@/contract/deal-math/deal-terms'
import { blankListing } from './deal-math-fixtures'

const asOf = new Date('2026-01-15T12:00:00Z')

const noInputs: BuyerInputs = {
  rent: null,
  monthlyTaxes: null,
  monthlyInsurance: null,
  rehab: null,
  closingCosts: null,
  sellerAmortizationYears: null,
}

describe('Subject-To', () => {
  const listing: ListingTerms = {
    ...blankListing,
    purchaseType: 'SubTo',
    purchasePrice: 240_000,
    loanBalance: 200_000,
    interestRate: 6,
    loanMaturity: '2056-01-15',
    piti: 1650,
    entryFee: 15_000,
    emd: 2000,
    hoaMonthlyFee: 50,
  }

  it('uses the listed PITI plus HOA and the entry fee plus EMD', () => {
    const terms = computeDealTerms(listing, { ...noInputs, rent: 2200 }, asOf)
    // 360 months left at 6 % on $200,000 → P&I $1,199.10 (see amortization.test.ts)
    expect(terms.existingLoan?.monthsLeft).toBe(360)
    expect(terms.existingLoan?.principalAndInterest).toBeCloseTo(1199.1, 2)
    // PITI 1,650 + HOA 50 = 1,700
    expect(terms.totalMonthlyPayment).toBe(1700)
    // entry fee 15,000 + EMD 2,000 = 17,000
    expect(terms.cashNeeded).toBe(17_000)
    // 2,200 − 1,700 = 500 a month; 6,000 a year / 17,000 = 35.29 %
    expect(terms.monthlyCashFlow).toBe(500)
    expect(terms.cashOnCash).toBeCloseTo(0.352941, 5)
    // 2,200 / 1,700 = 1.294
    expect(terms.dscr).toBeCloseTo(1.294118, 5)
    expect(terms.sellerLoan).toBeNull()
    expect(terms.capRate).toBeNull()
  })

  it('swaps the listed PITI for P&I plus the taxes and insurance the buyer types', () => {
    const terms = computeDealTerms(listing, { ...noInputs, rent: 2200, monthlyTaxes: 250, monthlyInsurance: 100 }, asOf)
    // 1,199.10 + 250 + 100 + HOA 50 = 1,599.10; cash flow 2,200 − 1,599.10 = 600.90
    expect(terms.totalMonthlyPayment).toBeCloseTo(1599.1, 2)
    expect(terms.monthlyCashFlow).toBeCloseTo(600.9, 2)
  })

  it('leaves rent-based figures empty until the buyer types a rent', () => {
    const terms = computeDealTerms(listing, noInputs, asOf)
    expect(terms.totalMonthlyPayment).toBe(1700)
    expect(terms.monthlyCashFlow).toBeNull()
    expect(terms.cashOnCash).toBeNull()
    expect(terms.dscr).toBeNull()
  })
})

describe('seller finance', () => {
  const listing: ListingTerms = {
    ...blankListing,
    purchaseType: 'SellerFinance',
    purchasePrice: 250_000,
    sellerLoanAmount: 200_000,
    sellerInterestRate: 6,
    sellerLoanMaturity: '2031-01-15',
    emd: 5000,
  }

  it('amortises the note over 30 years and owes the balloon at maturity', () => {
    const inputs = { ...noInputs, rent: 2000, monthlyTaxes: 300, monthlyInsurance: 100, closingCosts: 3000 }
    const terms = computeDealTerms(listing, inputs, asOf)
    // P&I $1,199.10; after 60 payments $186,108.71 remains (see amortization.test.ts)
    expect(terms.sellerLoan?.principalAndInterest).toBeCloseTo(1199.1, 2)
    expect(terms.sellerLoan?.monthsToMaturity).toBe(60)
    expect(terms.sellerLoan?.balloon).toBeCloseTo(186_108.71, 0)
    // 1,199.10 + taxes 300 + insurance 100 = 1,599.10
    expect(terms.totalMonthlyPayment).toBeCloseTo(1599.1, 2)
    // down payment 250,000 − 200,000 = 50,000 + EMD 5,000 + closing 3,000 = 58,000
    expect(terms.cashNeeded).toBe(58_000)
    // cash flow 2,000 − 1,599.10 = 400.90; ×12 = 4,810.79 / 58,000 = 8.29 %
    expect(terms.monthlyCashFlow).toBeCloseTo(400.9, 2)
    expect(terms.cashOnCash).toBeCloseTo(0.082945, 5)
    // 2,000 / 1,599.10 = 1.2507
    expect(terms.dscr).toBeCloseTo(1.25071, 4)
  })

  it('has no balloon when the note amortises fully before maturity', () => {
    const terms = computeDealTerms(listing, { ...noInputs, sellerAmortizationYears: 5 }, asOf)
    expect(terms.sellerLoan?.balloon).toBe(0)
  })
})

describe('hybrid', () => {
  it('adds both payments together, with a 0 % seller note', () => {
    const listing: ListingTerms = {
      ...blankListing,
      purchaseType: 'Hybrid',
      purchasePrice: 300_000,
      loanBalance: 150_000,
      interestRate: 3,
      loanMaturity: '2046-01-15',
      piti: 1100,
      sellerLoanAmount: 100_000,
      sellerInterestRate: null,
      sellerLoanMaturity: '2036-01-15',
      entryFee: 20_000,
      emd: 1000,
      solarMonthlyFee: 120,
    }
    const terms = computeDealTerms(listing, { ...noInputs, rent: 2500 }, asOf)
    // existing loan: r = 0.0025, n = 240, (1.0025)^240 = 1.820755; 375 / (1 − 0.549223) = 831.90
    expect(terms.existingLoan?.principalAndInterest).toBeCloseTo(831.9, 1)
    // seller note at 0 %: 100,000 / 360 = 277.78; after 120 payments 100,000 − 33,333.33 = 66,666.67
    expect(terms.sellerLoan?.principalAndInterest).toBeCloseTo(277.78, 2)
    expect(terms.sellerLoan?.balloon).toBeCloseTo(66_666.67, 2)
    // PITI 1,100 + seller P&I 277.78 + solar 120 = 1,497.78
    expect(terms.totalMonthlyPayment).toBeCloseTo(1497.78, 2)
    // entry fee 20,000 + EMD 1,000
    expect(terms.cashNeeded).toBe(21_000)
    // 2,500 − 1,497.78 = 1,002.22; ×12 = 12,026.67 / 21,000 = 57.27 %; DSCR 2,500 / 1,497.78 = 1.669
    expect(terms.monthlyCashFlow).toBeCloseTo(1002.22, 2)
    expect(terms.cashOnCash).toBeCloseTo(0.572698, 5)
    expect(terms.dscr).toBeCloseTo(1.66914, 4)
  })
})

describe('lease option', () => {
  const listing: ListingTerms = {
    ...blankListing,
    purchaseType: 'LeaseOption',
    optionFee: 5000,
    leaseMonthlyPayment: 1800,
    optionTerm: 2,
    monthlyPaymentCredited: true,
    monthlyCreditAmount: 200,
    optionSalePrice: 280_000,
    optionFeeDeducted: true,
    securityDeposit: 1800,
  }

  it('accumulates rent credits and deducts them and the option fee at exercise', () => {
    const terms = computeDealTerms(listing, { ...noInputs, rent: 2100 }, asOf)
    // 200 × 24 months = 4,800; 280,000 − 4,800 − 5,000 = 270,200
    expect(terms.lease).toEqual({
      optionFee: 5000,
      monthlyPayment: 1800,
      optionMonths: 24,
      rentCredits: 4800,
      priceAtExercise: 270_200,
    })
    expect(terms.totalMonthlyPayment).toBe(1800)
    // option fee 5,000 + deposit 1,800
    expect(terms.cashNeeded).toBe(6800)
    // sublet at 2,100: 300 a month, 3,600 / 6,800 = 52.94 %; a lease is not debt, so no DSCR
    expect(terms.monthlyCashFlow).toBe(300)
    expect(terms.cashOnCash).toBeCloseTo(0.529412, 5)
    expect(terms.dscr).toBeNull()
  })

  it('keeps the full option price without credits or a deducted fee', () => {
    const terms = computeDealTerms(
      { ...listing, monthlyPaymentCredited: false, optionFeeDeducted: false },
      noInputs,
      asOf,
    )
    expect(terms.lease?.rentCredits).toBe(0)
    expect(terms.lease?.priceAtExercise).toBe(280_000)
  })
})

describe('cash', () => {
  const listing: ListingTerms = { ...blankListing, dealCategory: 'cash', purchasePrice: 150_000, emd: 3000 }

  it('gives cap rate and cash-on-cash with a rehab budget', () => {
    const inputs = {
      ...noInputs,
      rent: 1800,
      monthlyTaxes: 200,
      monthlyInsurance: 100,
      rehab: 25_000,
      closingCosts: 4000,
    }
    const terms = computeDealTerms(listing, inputs, asOf)
    // costs 200 + 100 = 300 a month; cash flow 1,800 − 300 = 1,500, 18,000 a year
    expect(terms.totalMonthlyPayment).toBe(300)
    expect(terms.monthlyCashFlow).toBe(1500)
    // the EMD is part of the price: 150,000 + rehab 25,000 + closing 4,000 = 179,000
    expect(terms.cashNeeded).toBe(179_000)
    // cap rate 18,000 / (150,000 + 25,000) = 10.29 %; cash-on-cash 18,000 / 179,000 = 10.06 %
    expect(terms.capRate).toBeCloseTo(0.102857, 5)
    expect(terms.cashOnCash).toBeCloseTo(0.100559, 5)
    expect(terms.dscr).toBeNull()
  })

  it('leaves cash needed and cap rate empty without a price', () => {
    const terms = computeDealTerms({ ...listing, purchasePrice: null }, { ...noInputs, rent: 1000 }, asOf)
    expect(terms.cashNeeded).toBeNull()
    expect(terms.capRate).toBeNull()
    expect(terms.monthlyCashFlow).toBe(1000)
  })
})
