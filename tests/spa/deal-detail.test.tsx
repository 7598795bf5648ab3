import { screen, waitFor, within } from '@testing-library/react'
import type { Deal } from '@/contract'
import { dealDetailServer, LAZY_CHUNK, leaseOptionTerms, openListingRegion } from './deal-detail-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { renderApp } from './render'

const buyer = buildUser({ userId: 'buyer-1' })

/** The value shown beside a label in one of the grouped detail lists. */
const detail = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

/** Opens a listing with these terms as the buyer; resolves to its Terms region. */
const openTerms = (overrides: Partial<Deal>) => openListingRegion('Terms', buyer, overrides)

describe('deal detail', () => {
  it('shows a cash listing: price, full address, type, status, property details, description, seller and history', async () => {
    dealDetailServer({ deal: buildDeal() })
    renderApp({ path: '/deals/deal-1', user: buyer })

    expect(
      await screen.findByRole('heading', { level: 1, name: '12 Oak St, Austin, TX 78701' }, LAZY_CHUNK),
    ).toBeInTheDocument()
    expect(screen.getByText('$150,000', { selector: 'p' })).toBeInTheDocument()
    expect(screen.getByText('Cash')).toBeInTheDocument()
    const terms = screen.getByRole('region', { name: 'Terms' })
    expect(detail(terms, 'Purchase price')).toBe('$150,000')
    expect(detail(terms, 'Earnest money deposit (EMD)')).toBe('$3,000')
    expect(detail(terms, 'Expected close of escrow')).toBe('March 1st, 2026')
    const property = screen.getByRole('region', { name: 'Property' })
    expect(detail(property, 'Bedrooms')).toBe('3')
    expect(detail(property, 'Lot size')).toBe('0.25 acres')
    expect(screen.getByText('Solid rental in a quiet street, new roof in 2022.')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Tags' })).getByText('Rental property')).toBeInTheDocument()
    const listedBy = screen.getByRole('region', { name: 'Listed by' })
    expect(listedBy).toHaveTextContent('Sam Seller')
    expect(listedBy).toHaveTextContent('Oak Homes')
    expect(listedBy).toHaveTextContent('Listed 3 days ago')
    const history = screen.getByRole('region', { name: 'Status history' })
    expect(history).toHaveTextContent('Active')
    expect(history).toHaveTextContent('January 10th, 2026 · System')
    await waitFor(() => expect(document.title).toContain('12 Oak St, Austin, TX 78701'))
    // A buyer neither edits nor sees who is interested.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Interested buyers' })).not.toBeInTheDocument()
  })

  it('shows the Subject-To terms', async () => {
    const terms = await openTerms({
      dealCategory: 'creative',
      purchaseType: 'SubTo',
      loanType: 'FHA',
      interestRate: 3.375,
      loanBalance: 180_000,
      loanMaturity: '2051-06-01',
      piti: 1420.5,
      entryFee: 12_000,
    })
    expect(screen.getByText('Creative · Subject-to')).toBeInTheDocument()
    expect(detail(terms, 'Entry fee')).toBe('$12,000')
    expect(detail(terms, 'Loan type')).toBe('FHA')
    // The same three decimals as the listing's card, not rounded to 3.38%.
    expect(detail(terms, 'Interest rate')).toBe('3.375%')
    expect(detail(terms, 'Loan balance')).toBe('$180,000')
    expect(detail(terms, 'Loan maturity')).toBe('June 1st, 2051')
    expect(detail(terms, 'PITI (monthly)')).toBe('$1,420.50')
  })

  it('shows the seller-finance terms', async () => {
    const terms = await openTerms({
      dealCategory: 'creative',
      purchaseType: 'SellerFinance',
      sellerLoanAmount: 200_000,
      sellerInterestRate: 6,
      pi: 1199.1,
      sellerLoanMaturity: '2031-01-15',
      deedTransferType: 'DeedTransfer',
    })
    expect(detail(terms, 'Seller loan amount')).toBe('$200,000')
    expect(detail(terms, 'Seller interest rate')).toBe('6%')
    expect(detail(terms, 'P&I (monthly)')).toBe('$1,199.10')
    expect(detail(terms, 'Seller loan maturity')).toBe('January 15th, 2031')
    expect(detail(terms, 'Deed transfer')).toBe('Deed transfer')
  })

  it('shows both loans of a hybrid', async () => {
    const terms = await openTerms({
      dealCategory: 'creative',
      purchaseType: 'Hybrid',
      loanBalance: 150_000,
      interestRate: 3,
      sellerLoanAmount: 100_000,
      sellerInterestRate: 5,
    })
    expect(detail(terms, 'Loan balance')).toBe('$150,000')
    expect(detail(terms, 'Seller loan amount')).toBe('$100,000')
  })

  it('shows the lease-option terms', async () => {
    const terms = await openTerms({
      ...leaseOptionTerms,
      petsAllowed: true,
      allowedPetTypes: 'Cats and small dogs',
    })
    expect(screen.getByText('$280,000', { selector: 'p' })).toBeInTheDocument()
    expect(detail(terms, 'Option fee')).toBe('$5,000')
    expect(detail(terms, 'Option term')).toBe('2 years')
    expect(detail(terms, 'Option fee deducted from the price')).toBe('Yes')
    expect(detail(terms, 'Monthly lease payment')).toBe('$1,800.00')
    expect(detail(terms, 'Rent credited toward the price')).toBe('Yes, $200.00 a month')
    expect(detail(terms, 'Allowed pets')).toBe('Cats and small dogs')
  })

  it('shows "Address undisclosed" with city, state and ZIP when the address is hidden', async () => {
    dealDetailServer({ deal: buildDeal({ streetAddress: null, addressHidden: true, hideAddress: true }) })
    renderApp({ path: '/deals/deal-1', user: buyer })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Address undisclosed · Austin, TX 78701' }, LAZY_CHUNK),
    ).toBeInTheDocument()
    expect(screen.queryByText(/12 Oak St/)).not.toBeInTheDocument()
  })

  it('marks a pending listing "No new offers" and still lets a buyer express interest', async () => {
    dealDetailServer({ deal: buildDeal({ status: 'pending', availability: 'no-new-offers' }) })
    renderApp({ path: '/deals/deal-1', user: buyer })
    expect(await screen.findByText('No new offers', {}, LAZY_CHUNK)).toBeInTheDocument()
    expect(screen.getByText('Pending')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Express interest' })).toBeInTheDocument()
  })

  it('says a sold listing is no longer available and hides "Express interest"', async () => {
    dealDetailServer({ deal: buildDeal({ status: 'sold', availability: 'unavailable' }) })
    renderApp({ path: '/deals/deal-1', user: buyer })
    expect(await screen.findByText('This listing is no longer available', {}, LAZY_CHUNK)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Express interest' })).not.toBeInTheDocument()
  })

  it('says "Listing not found" for a listing that does not exist or was deleted', async () => {
    dealDetailServer({ deal: null })
    renderApp({ path: '/deals/gone', user: buyer })
    expect(await screen.findByRole('heading', { level: 1, name: 'Listing not found' }, LAZY_CHUNK)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/deals')
  })

  it('speaks Spanish: hidden address, dates, status source and calculator', async () => {
    await initTestI18n('es')
    dealDetailServer({
      deal: buildDeal({ streetAddress: null, addressHidden: true, status: 'pending', availability: 'no-new-offers' }),
    })
    renderApp({ path: '/deals/deal-1', user: buyer })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dirección no revelada · Austin, TX 78701' }, LAZY_CHUNK),
    ).toBeInTheDocument()
    expect(screen.getByText('No acepta nuevas ofertas')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Historial de estado' })).toHaveTextContent(
      '10 de enero de 2026 · Sistema',
    )
    expect(screen.getByRole('region', { name: 'Calculadora de condiciones' })).toHaveTextContent(
      'Escribe una renta mensual',
    )
  })
})
