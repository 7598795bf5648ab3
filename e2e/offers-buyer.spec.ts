import type { Browser } from '@playwright/test'
import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { uiSignIn } from './support/api'
import {
  dayFromToday,
  fillOfferForm,
  listingWithoutOffers,
  makeOffer,
  offerForm,
  offersSection,
  openOfferForm,
  sendOffer,
  yourOffers,
} from './support/offers'

/** Issue 11's buyer side: two buyers make a cash and a creative offer on one listing, seeing each rule first. */
const SELLER = 'seller@demo.test'
const BUYER = 'buyer@demo.test'
/** Buyer and seller: makes the creative offer on someone else's listing. */
const SECOND_BUYER = 'hybrid@demo.test'

async function person(browser: Browser, email: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await uiSignIn(page, email)
  return page
}

test('two buyers offer on one listing: each rule said first, then a cash and a creative offer listed as submitted', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const deal = await listingWithoutOffers(request, SELLER, [BUYER, SECOND_BUYER])

  const buyer = await person(browser, BUYER)
  await buyer.goto(`/deals/${deal.id}`)
  await expect(buyer.getByRole('heading', { level: 1 })).toBeVisible()
  await expectAccessible(buyer)
  const form = await openOfferForm(buyer)
  await expect(form.getByText('A close of escrow in 30 days or less is typical.')).toBeVisible()

  await sendOffer(form)
  await expect(form.getByText('Choose an offer type.')).toBeVisible()
  await expect(form.getByText('Enter the estimated close of escrow date.')).toBeVisible()

  await fillOfferForm(form, { type: 'cash', closeDate: '2020-01-15' })
  await sendOffer(form)
  await expect(form.getByText('Enter the purchase price for a cash offer.')).toBeVisible()
  await expect(form.getByText('The estimated close of escrow date cannot be in the past.')).toBeVisible()
  await expectAxeClean(buyer)

  const cash = await makeOffer(buyer, {
    type: 'cash',
    amount: '$245,000',
    closeDate: dayFromToday(21),
    message: 'Cash, can close in three weeks.',
  })
  await expect(offerForm(buyer)).toBeHidden()
  await expect(cash).toContainText('Cash offer of $245,000')
  await expect(cash).toContainText('Cash, can close in three weeks.')
  await expect(offersSection(buyer).getByRole('button', { name: 'Withdraw offer' })).toBeVisible()
  await expectAxeClean(buyer)

  const second = await person(browser, SECOND_BUYER)
  await second.goto(`/deals/${deal.id}`)
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible()
  const secondForm = await openOfferForm(second)
  await fillOfferForm(secondForm, { type: 'creative', closeDate: dayFromToday(30) })
  await sendOffer(secondForm)
  await expect(secondForm.getByText('Enter the entry fee for a creative offer.')).toBeVisible()
  const creative = await makeOffer(second, { type: 'creative', amount: '20000', closeDate: dayFromToday(30) })
  await expect(creative).toContainText('Creative offer with a $20,000 entry fee')
  // Each buyer sees only their own offer.
  await expect(yourOffers(second)).toHaveCount(1)
  await buyer.reload()
  await expect(yourOffers(buyer)).toHaveCount(1)
  await expect(yourOffers(buyer).first()).toContainText('Cash offer of $245,000')

  await buyer.context().close()
  await second.context().close()
})
