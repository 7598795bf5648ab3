import type { Page } from '@playwright/test'
import type { Deal, Offer } from '../src/contract'
import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'
import { dayFromToday } from './support/offers'
import { buyerOrder, CASH_BUYER, CREATIVE_BUYER, offerRow, SELLER } from './support/offers-seller'

/*
 * Issue 26, offers compared by their value: a cash offer and a seller-finance one on a fresh seller-finance
 * listing; the seller sorts them by their value to the seller, opens "How this is computed" and finds the
 * deal calculator's note payment and balloon there; a higher discount rate turns the order round.
 */

const street = () => `${Math.floor(1000 + Math.random() * 8999)} ${Date.now().toString(36)} Value Way`

/** A figure of the listing page's calculator, without its note ("Due in 59 months"). */
const calculatorFigure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Deal-terms calculator' })
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .evaluate((dd) => dd.firstChild?.textContent ?? '')

test('the seller sorts a cash and a seller-finance offer by value; the panel has the calculator’s numbers', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  // A $100,000 note at 6 % due in five years: about $112,000 to the seller at 8 % with the $20,000 down
  // payment, more than the $105,000 cash offer; at 20 % about $77,000, less.
  const sellerToken = (await apiSignIn(request, SELLER)).IdToken
  const deal = await apiCall<Deal>(request, sellerToken, 'POST', '/api/deals', {
    streetAddress: street(),
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85001',
    dealCategory: 'creative',
    purchaseType: 'SellerFinance',
    propertyType: 'single-family',
    purchasePrice: 130000,
    sellerLoanAmount: 100000,
    sellerInterestRate: 6,
    pi: 599.55,
    sellerLoanMaturity: dayFromToday(5 * 365 + 10),
    deedTransferType: 'DeedTransfer',
    bedrooms: 3,
    bathrooms: 2,
    dealDescription: 'A listing for the offer value journey.',
    tags: ['rental-property'],
    legalCertification: true,
  })
  const offer = (email: string, body: Record<string, unknown>) =>
    apiSignIn(request, email).then(({ IdToken }) =>
      apiCall<Offer>(request, IdToken, 'POST', `/api/deals/${deal.id}/offers`, {
        closeOfEscrowDate: '2099-06-30',
        ...body,
      }),
    )
  await offer(CASH_BUYER.email, { type: 'cash', purchasePrice: 105000 })
  await offer(CREATIVE_BUYER.email, { type: 'creative', entryFee: 20000 })

  const context = await browser.newContext()
  const seller = await context.newPage()
  await uiSignIn(seller, SELLER)

  // The listing's calculator: the note's monthly payment and its balloon.
  await seller.goto(`/deals/${deal.id}`)
  const payment = await calculatorFigure(seller, 'Seller loan P&I (monthly)')
  const balloon = await calculatorFigure(seller, 'Balloon at maturity')
  expect(payment).toBe('$599.55')
  expect(balloon).toMatch(/^\$9\d,\d{3}$/)

  await seller.goto(`/deals/${deal.id}/offers`)
  await expect(seller.getByRole('heading', { level: 1, name: 'Offers received' })).toBeVisible({ timeout: 30_000 })
  await expect(offerRow(seller, CREATIVE_BUYER.name)).toBeVisible()
  await expectAccessible(seller)

  await seller
    .getByRole('columnheader', { name: /Value to the seller/ })
    .getByRole('button')
    .click()
  await expect(seller).toHaveURL(/sort=value&dir=desc/)
  expect(await buyerOrder(seller)).toEqual([CREATIVE_BUYER.name, CASH_BUYER.name])

  // The panel, opened from the keyboard: the calculator's payment and balloon, then their present values.
  const toggle = offerRow(seller, CREATIVE_BUYER.name).getByRole('button', { name: 'How this is computed' })
  await toggle.focus()
  await seller.keyboard.press('Enter')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const panel = seller.getByRole('region', { name: 'How this value is computed' })
  await expect(panel).toContainText('Discount rate: 8% a year')
  await expect(panel.locator('[data-line="atClose"]')).toContainText('$20,000')
  await expect(panel.locator('[data-line="notePayments"]')).toContainText(`Seller-financed note: ${payment} a month`)
  await expect(panel.locator('[data-line="balloon"]')).toContainText(`Balloon of ${balloon} in month`)
  await expect(panel.locator('[data-line="total"]')).toContainText(/Value to the seller\$11\d,\d{3}/)
  await expectAxeClean(seller)

  // At 20 % the later payments are worth much less: the cash offer comes first.
  const rate = seller.getByLabel('Discount rate (% a year)')
  await rate.fill('20')
  await expect(seller).toHaveURL(/rate=20/)
  await expect(panel).toContainText('Discount rate: 20% a year')
  await expect.poll(() => buyerOrder(seller)).toEqual([CASH_BUYER.name, CREATIVE_BUYER.name])
  await context.close()
})
