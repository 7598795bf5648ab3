import type { Deal, Offer } from '../src/contract'
import { expect, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn, apiCashListing } from './support/api'
import { channelSubscribedAfterNavigation } from './support/realtime'
import { CASH_BUYER, CREATIVE_BUYER, offerRow, SELLER } from './support/offers-seller'

/*
 * Issue 22 item 12: a seller with their listing's offers page open sees a new offer as it is made, without
 * reloading (the offer's notice is pushed to them; the 60 s poll is only the fallback).
 */

const street = () => `${Math.floor(1000 + Math.random() * 8999)} ${Date.now().toString(36)} Liveoffer Lane`

test("a new offer shows on the seller's open offers page within 2 seconds, without a reload", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  // Set-up through the API: a fresh listing of the seller's with one offer, so the table is there.
  const sellerToken = (await apiSignIn(request, SELLER)).IdToken
  const deal = await apiCashListing<Deal>(request, sellerToken, street(), 'A listing for the live offers journey.')
  const offer = (email: string, purchasePrice: number) =>
    apiSignIn(request, email).then(({ IdToken }) =>
      apiCall<Offer>(request, IdToken, 'POST', `/api/deals/${deal.id}/offers`, {
        type: 'cash',
        purchasePrice,
        closeOfEscrowDate: '2099-06-30',
      }),
    )
  await offer(CASH_BUYER.email, 240000)

  const context = await browser.newContext()
  const seller = await context.newPage()
  await uiSignIn(seller, SELLER)
  const live = channelSubscribedAfterNavigation(seller)
  await seller.goto(`/deals/${deal.id}/offers`)
  await expect(seller.getByRole('heading', { level: 1, name: 'Offers received' })).toBeVisible()
  await expect(offerRow(seller, CASH_BUYER.name)).toBeVisible()
  await expect(offerRow(seller, CREATIVE_BUYER.name)).toHaveCount(0)
  await live

  // Another buyer offers while the page is open: the row appears, the page never reloads.
  const navigations: string[] = []
  seller.on('framenavigated', (frame) => {
    if (frame === seller.mainFrame()) navigations.push(frame.url())
  })
  await offer(CREATIVE_BUYER.email, 245000)
  await expect(offerRow(seller, CREATIVE_BUYER.name)).toBeVisible({ timeout: 2_000 })
  await expect(offerRow(seller, CREATIVE_BUYER.name)).toContainText('$245,000')
  expect(navigations).toEqual([])
  await context.close()
})
