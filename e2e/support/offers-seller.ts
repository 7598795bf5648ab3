import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { ReceivedOffer } from '../../src/contract'
import { apiCall, apiSignIn } from './api'

/** Issue 11, the seller's side: reusable steps of the offers journey (set-up through the API, then the UI). */

export const SELLER = 'seller@demo.test'
export const CASH_BUYER = { email: 'buyer@demo.test', name: 'Jordan Reyes' }
export const CREATIVE_BUYER = { email: 'hybrid@demo.test', name: 'Priya Shah' }

type MyDeals = { items: { id: string; status: string; streetAddress: string; offerCount: number }[] }

/** A calendar day `days` from now (YYYY-MM-DD): a close of escrow date the server takes. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * One of the demo seller's active listings on the first page of My listings with no offers yet, and two
 * offers on it through the API: a cash one from the demo buyer and a creative one from the hybrid demo user.
 * The last such listing is taken, so a journey that takes the first (the buyer's side) does not meet this one.
 */
export async function listingWithTwoOffers(request: APIRequestContext) {
  const [seller, cashBuyer, creativeBuyer] = await Promise.all([
    apiSignIn(request, SELLER),
    apiSignIn(request, CASH_BUYER.email),
    apiSignIn(request, CREATIVE_BUYER.email),
  ])
  const mine = await apiCall<MyDeals>(request, seller.IdToken, 'GET', '/api/deals/mine?page=1&pageSize=20')
  const deal = mine.items.filter((item) => item.status === 'active' && item.offerCount === 0).at(-1)
  expect(deal, 'an active listing of the demo seller without offers').toBeDefined()
  const cash = await apiCall<ReceivedOffer>(request, cashBuyer.IdToken, 'POST', `/api/deals/${deal!.id}/offers`, {
    type: 'cash',
    purchasePrice: 231000,
    closeOfEscrowDate: daysFromNow(21),
    message: 'Cash, inspection waived, can close in three weeks.',
  })
  const creative = await apiCall<ReceivedOffer>(
    request,
    creativeBuyer.IdToken,
    'POST',
    `/api/deals/${deal!.id}/offers`,
    { type: 'creative', entryFee: 18500, closeOfEscrowDate: daysFromNow(45), message: '=SUM(1,2) is not a formula' },
  )
  return { deal: deal!, sellerToken: seller.IdToken, cash, creative }
}

/** From My listings, the row's "Offers" link to the listing's offers page. */
export async function openOffersFromMyListings(page: Page, streetAddress: string) {
  await page.goto('/deals/mine')
  await expect(page.getByRole('heading', { level: 1, name: 'My listings' })).toBeVisible()
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(escapeRegExp(streetAddress.slice(0, 20))) }) })
  await row.getByRole('link', { name: /^Offers, / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Offers received' })).toBeVisible()
  await expect(page.getByRole('table')).toBeVisible()
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The offers table's buyer names, top to bottom. */
export const buyerOrder = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('rowheader')
    .evaluateAll((cells) => cells.map((cell) => cell.querySelector('span > span')?.textContent ?? ''))

/** The offers table's row of one buyer. */
export const offerRow = (page: Page, buyerName: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(buyerName) }) })
