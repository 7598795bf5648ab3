import {
  DEFAULT_DISCOUNT_RATE,
  offerValue,
  presentValueOf,
  presentValueOfPayments,
} from '@/contract/deal-math/offer-value'
import { blankListing } from './deal-math-fixtures'

const asOf = new Date('2026-01-15T12:00:00Z')

const creative = (entryFee: number | null) => ({ type: 'creative' as const, purchasePrice: null, entryFee })

describe('present value', () => {
  it('discounts a level payment and a lump sum monthly at the annual rate', () => {
    // 12 % a year is 1 % a month. $100 a month for 12 months: 100 · (1 − 1.01^−12) / 0.01 = 1,125.51
    expect(presentValueOfPayments(100, 12, 12)).toBeCloseTo(1125.51, 2)
    // $1,000 in 12 months: 1000 / 1.01^12 = 887.45
    expect(presentValueOf(1000, 12, 12)).toBeCloseTo(887.45, 2)
    // At 0 % nothing is discounted.
    expect(presentValueOfPayments(100, 0, 12)).toBe(1200)
    expect(presentValueOf(1000, 0, 12)).toBe(1000)
  })
})

describe('offerValue', () => {
  it('values a cash offer at its price at close, with nothing later, whatever the listing', () => {
    const sellerFinance = { ...blankListing, purchaseType: 'SellerFinance' as const, sellerLoanAmount: 100_000 }
    const value = offerValue({ type: 'cash', purchasePrice: 240_000, entryFee: null }, sellerFinance, 8, asOf)
    expect(value).toMatchObject({ kind: 'cash', atClose: 240_000, later: [], laterValue: 0, total: 240_000 })
    expect(DEFAULT_DISCOUNT_RATE).toBe(8)
  })

  it('values Subject-To at the entry fee only: the buyer takes over the loan, the seller receives nothing later', () => {
    const listing = {
      ...blankListing,
      purchaseType: 'SubTo' as const,
      purchasePrice: 240_000,
      loanBalance: 200_000,
      interestRate: 6,
      loanMaturity: '2056-01-15',
    }
    expect(offerValue(creative(15_000), listing, 8, asOf)).toMatchObject({
      kind: 'SubTo',
      atClose: 15_000,
      later: [],
      laterValue: 0,
      total: 15_000,
    })
  })

  describe('seller finance', () => {
    // $100,000 at 6 % amortised over 30 years: P&I 599.55 a month; the balloon after 60 payments is
    // 100,000 · 1.005^60 − 599.55 · (1.005^60 − 1) / 0.005 = 134,885.02 − 41,830.66 = 93,054.36.
    const listing = {
      ...blankListing,
      purchaseType: 'SellerFinance' as const,
      purchasePrice: 120_000,
      sellerLoanAmount: 100_000,
      sellerInterestRate: 6,
      sellerLoanMaturity: '2031-01-15',
    }

    it('adds the down payment and the PV of the note payments and balloon at 8 %', () => {
      const value = offerValue(creative(20_000), listing, 8, asOf)
      expect(value.kind).toBe('SellerFinance')
      expect(value.atClose).toBe(20_000)
      const [payments, balloon] = value.later
      expect(payments).toMatchObject({ kind: 'notePayments', months: 60, principal: 100_000, ratePercent: 6 })
      expect(payments?.kind === 'notePayments' && payments.monthly).toBeCloseTo(599.55, 2)
      // 8 %/12 = 0.6667 % a month; annuity factor (1 − 1.006667^−60) / 0.006667 = 49.3184 → 599.55 · 49.3184
      expect(payments?.pv).toBeCloseTo(29_568.89, 2)
      // 93,054.36 / 1.006667^60 = 93,054.36 · 0.671210 = 62,459.06
      expect(balloon).toMatchObject({ kind: 'balloon', month: 60 })
      expect(balloon?.pv).toBeCloseTo(62_459.06, 2)
      // 20,000 + 29,568.89 + 62,459.06
      expect(value.laterValue).toBeCloseTo(92_027.95, 2)
      expect(value.total).toBeCloseTo(112_027.95, 2)
    })

    it("is worth exactly the note's principal when discounted at the note's own rate", () => {
      // At 6 % the payments and balloon are worth what was lent: 20,000 + 100,000.
      expect(offerValue(creative(20_000), listing, 6, asOf).total).toBeCloseTo(120_000, 6)
    })

    it('is unknown when the listing lacks the note amount or its rate', () => {
      for (const missing of [{ sellerLoanAmount: null }, { sellerInterestRate: null }]) {
        const value = offerValue(creative(20_000), { ...listing, ...missing }, 8, asOf)
        expect(value).toMatchObject({ atClose: 20_000, later: [], laterValue: null, total: null })
      }
    })
  })

  it("values a hybrid at its cash plus the seller-carried note (the existing loan pays the seller nothing)", () => {
    const listing = {
      ...blankListing,
      purchaseType: 'Hybrid' as const,
      purchasePrice: 300_000,
      loanBalance: 200_000,
      interestRate: 4,
      loanMaturity: '2050-01-15',
      sellerLoanAmount: 50_000,
      sellerInterestRate: 0,
      sellerLoanMaturity: '2036-01-15',
    }
    // $50,000 at 0 % over 30 years: 50,000 / 360 = 138.89 a month; 120 payments pay 16,666.67, the balloon is
    // 33,333.33. Discounted at 0 % the later part is the whole 50,000, so 10,000 + 50,000.
    const value = offerValue(creative(10_000), listing, 0, asOf)
    expect(value.kind).toBe('Hybrid')
    expect(value.later.map((stream) => stream.kind)).toEqual(['notePayments', 'balloon'])
    expect(value.later[1]?.pv).toBeCloseTo(33_333.33, 2)
    expect(value.total).toBeCloseTo(60_000, 6)
  })

  describe('lease option', () => {
    // Option price 250,000 less 24 months of $200 credits (4,800) less the $10,000 option fee offered
    // (deducted) = 235,200 paid at month 24.
    const listing = {
      ...blankListing,
      purchaseType: 'LeaseOption' as const,
      optionFee: 8_000,
      optionSalePrice: 250_000,
      optionTerm: 2,
      optionFeeDeducted: true,
      leaseMonthlyPayment: 1_500,
      monthlyPaymentCredited: true,
      monthlyCreditAmount: 200,
    }

    it('adds the option fee, the PV of the lease payments and the PV of the option price at the term end', () => {
      const value = offerValue(creative(10_000), listing, 12, asOf)
      expect(value.kind).toBe('LeaseOption')
      expect(value.atClose).toBe(10_000)
      const [lease, option] = value.later
      expect(lease).toMatchObject({ kind: 'leasePayments', monthly: 1_500, months: 24 })
      // 1 % a month: 1,500 · (1 − 1.01^−24) / 0.01 = 1,500 · 21.2434 = 31,865.08
      expect(lease?.pv).toBeCloseTo(31_865.08, 2)
      // 235,200 / 1.01^24 = 235,200 · 0.787566 = 185,235.55
      expect(option).toMatchObject({ kind: 'optionPrice', amount: 235_200, month: 24 })
      expect(option?.pv).toBeCloseTo(185_235.55, 2)
      expect(value.total).toBeCloseTo(10_000 + 31_865.08 + 185_235.55, 1)
    })

    it('at 0 % is the plain sum: 10,000 + 24 · 1,500 + 235,200', () => {
      expect(offerValue(creative(10_000), listing, 0, asOf).total).toBe(281_200)
    })

    it('is unknown without the option term, the lease payment or the option price', () => {
      for (const missing of [{ optionTerm: null }, { leaseMonthlyPayment: null }, { optionSalePrice: null }]) {
        expect(offerValue(creative(10_000), { ...listing, ...missing }, 8, asOf).total).toBeNull()
      }
    })
  })

  it('leaves what comes later unknown for a creative offer on a listing without a purchase type', () => {
    const cashListing = { ...blankListing, dealCategory: 'cash' as const, purchasePrice: 200_000 }
    expect(offerValue(creative(5_000), cashListing, 8, asOf)).toMatchObject({
      atClose: 5_000,
      laterValue: null,
      total: null,
    })
  })
})
