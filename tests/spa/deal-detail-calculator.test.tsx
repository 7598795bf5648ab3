import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Deal } from '@/contract'
import { leaseOptionTerms, openListingRegion } from './deal-detail-fixtures'
import { buildUser } from './factories'

const buyer = buildUser({ userId: 'buyer-1' })

const figure = (panel: HTMLElement, label: string) =>
  within(panel).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

/** Opens a listing with these terms as the buyer; resolves to the calculator panel. */
const openCalculator = (overrides: Partial<Deal> = {}) => openListingRegion('Deal-terms calculator', buyer, overrides)

describe('deal-terms calculator', () => {
  it('updates cash flow, cash-on-cash and cap rate of a cash deal as the buyer types', async () => {
    const user = userEvent.setup()
    const panel = await openCalculator({ purchasePrice: 150_000, emd: 3000 })
    expect(figure(panel, 'Cash needed')).toBe('$150,000')
    expect(figure(panel, 'Monthly cash flow')).toBe('Enter a monthly rent')

    await user.type(within(panel).getByRole('textbox', { name: 'Monthly rent' }), '1,800')
    await user.type(within(panel).getByRole('textbox', { name: 'Property taxes (monthly)' }), '200')
    await user.type(within(panel).getByRole('textbox', { name: 'Insurance (monthly)' }), '100')
    await user.type(within(panel).getByRole('textbox', { name: 'Rehab budget' }), '25000')
    await user.type(within(panel).getByRole('textbox', { name: 'Closing costs' }), '4000')

    // 1,800 − 300 = 1,500 a month; 18,000 / 179,000 = 10.056 %; 18,000 / 175,000 = 10.286 %
    expect(figure(panel, 'Monthly costs')).toBe('$300.00')
    expect(figure(panel, 'Cash needed')).toBe('$179,000')
    expect(figure(panel, 'Monthly cash flow')).toBe('$1,500.00')
    expect(figure(panel, 'Cash-on-cash return')).toBe('10.056%')
    expect(figure(panel, 'Cap rate')).toBe('10.286%')
  }, 20_000)

  it('says "Expected a valid number" on the box and keeps what was typed', async () => {
    const user = userEvent.setup()
    const panel = await openCalculator()
    const rent = within(panel).getByRole('textbox', { name: 'Monthly rent' })
    await user.type(rent, '12abc')
    expect(rent).toHaveAccessibleDescription('Expected a valid number')
    expect(rent).toHaveAttribute('aria-invalid', 'true')
    expect(rent).toHaveValue('12abc')
    expect(figure(panel, 'Monthly cash flow')).toBe('Enter a monthly rent')
  })

  it('says a negative amount must be positive, not that it is not a number', async () => {
    const user = userEvent.setup()
    const panel = await openCalculator()
    const rent = within(panel).getByRole('textbox', { name: 'Monthly rent' })
    await user.type(rent, '-1800')
    expect(rent).toHaveAccessibleDescription('Must be a positive number.')
    expect(rent).toHaveAttribute('aria-invalid', 'true')
    expect(figure(panel, 'Monthly cash flow')).toBe('Enter a monthly rent')
  })

  it('gives a Subject-To deal its total payment, cash needed and DSCR from the listed PITI', async () => {
    const user = userEvent.setup()
    const panel = await openCalculator({
      dealCategory: 'creative',
      purchaseType: 'SubTo',
      purchasePrice: 240_000,
      loanBalance: 200_000,
      interestRate: 6,
      loanMaturity: '2056-01-15',
      piti: 1650,
      hoaMonthlyFee: 50,
      entryFee: 15_000,
      emd: 2000,
    })
    await user.type(within(panel).getByRole('textbox', { name: 'Monthly rent' }), '2200')
    // PITI 1,650 + HOA 50 = 1,700; entry fee 15,000 + EMD 2,000 = 17,000
    expect(figure(panel, 'Total monthly payment')).toBe('$1,700.00')
    expect(figure(panel, 'Cash needed')).toBe('$17,000')
    // 2,200 − 1,700 = 500; 6,000 / 17,000 = 35.294 %; DSCR 2,200 / 1,700 = 1.29
    expect(figure(panel, 'Monthly cash flow')).toBe('$500.00')
    expect(figure(panel, 'Cash-on-cash return')).toBe('35.294%')
    expect(figure(panel, 'DSCR')).toBe('1.29')
  })

  it('shows rent credits and the price at exercise of a lease option', async () => {
    const panel = await openCalculator({
      ...leaseOptionTerms,
      securityDeposit: 1800,
      emd: null,
    })
    // 200 × 24 = 4,800 in credits; 280,000 − 4,800 − 5,000 = 270,200
    expect(figure(panel, 'Rent credits')).toBe('$4,800Over 24 months')
    expect(figure(panel, 'Price at exercise')).toBe('$270,200')
    expect(figure(panel, 'Total monthly payment')).toBe('$1,800.00')
    expect(figure(panel, 'Cash needed')).toBe('$6,800')
    expect(within(panel).queryByRole('textbox', { name: 'Property taxes (monthly)' })).not.toBeInTheDocument()
  })

  it('shows the seller loan payment and its balloon', async () => {
    const user = userEvent.setup()
    const panel = await openCalculator({
      dealCategory: 'creative',
      purchaseType: 'SellerFinance',
      purchasePrice: 250_000,
      sellerLoanAmount: 200_000,
      sellerInterestRate: 6,
      sellerLoanMaturity: null,
    })
    // 200,000 at 6 % over 30 years → $1,199.10; with no maturity the note runs out: no balloon
    expect(figure(panel, 'Seller loan P&I (monthly)')).toBe('$1,199.10')
    expect(figure(panel, 'Balloon at maturity')).toBe('$0Due in 360 months')
    const years = within(panel).getByRole('textbox', { name: 'Seller loan amortization (years)' })
    await user.clear(years)
    await user.type(years, '15')
    // r = 0.005, n = 180: 1,000 / (1 − 1.005^−180) = 1,000 / 0.592519 = 1,687.71
    expect(figure(panel, 'Seller loan P&I (monthly)')).toBe('$1,687.71')
  })
})
