import type { Browser } from '@playwright/test'
import type { Deal, Offer } from '../src/contract'
import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn, apiCashListing } from './support/api'
import { CASH_BUYER, offerRow, SELLER } from './support/offers-seller'

/*
 * The seller writes first: on the offers page of a fresh listing of the demo seller, the demo buyer's offer
 * has no conversation yet; the seller messages them from the row, lands in the new conversation, and the
 * buyer finds it in their conversations.
 */

async function person(browser: Browser, email: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await uiSignIn(page, email)
  return page
}

const street = () => `${Math.floor(1000 + Math.random() * 8999)} ${Date.now().toString(36)} Firstword Way`

test('the seller messages a buyer who offered, from the offers table; the buyer sees the conversation', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  // Set-up through the API: a listing of the seller's own and the buyer's offer on it (no conversation).
  const sellerToken = (await apiSignIn(request, SELLER)).IdToken
  const streetAddress = street()
  const deal = await apiCashListing<Deal>(
    request,
    sellerToken,
    streetAddress,
    'A listing for the seller-writes-first journey.',
  )
  const buyerToken = (await apiSignIn(request, CASH_BUYER.email)).IdToken
  await apiCall<Offer>(request, buyerToken, 'POST', `/api/deals/${deal.id}/offers`, {
    type: 'cash',
    purchasePrice: 240000,
    closeOfEscrowDate: '2099-06-30',
  })

  const seller = await person(browser, SELLER)
  await seller.goto(`/deals/${deal.id}/offers`)
  await expect(seller.getByRole('heading', { level: 1, name: 'Offers received' })).toBeVisible()
  const row = offerRow(seller, CASH_BUYER.name)
  const open = row.getByRole('button', { name: `Message ${CASH_BUYER.name}` })
  await expect(open).toBeVisible()
  await expect(row.getByRole('link', { name: /^Conversation/ })).toHaveCount(0)
  await expectAccessible(seller)

  await open.click()
  const dialog = seller.getByRole('dialog', { name: `Message ${CASH_BUYER.name}` })
  const box = dialog.getByRole('textbox', { name: 'Your message' })
  await expect(box).toBeFocused()
  await expectAxeClean(seller)
  const opening = `Thanks for your offer on ${streetAddress}. Can you send proof of funds?`
  await box.fill(opening)
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(seller).toHaveURL(/\/chat\/[0-9a-f-]{36}$/)
  const threadId = seller.url().split('/').pop()!
  await expect(seller.getByTestId('message-list').getByText(opening)).toBeVisible()

  // Back on the offers page, the row links the conversation instead.
  await seller.goto(`/deals/${deal.id}/offers`)
  await expect(
    offerRow(seller, CASH_BUYER.name).getByRole('link', { name: `Conversation, ${CASH_BUYER.name}` }),
  ).toHaveAttribute('href', `/chat/${threadId}`)
  await expect(offerRow(seller, CASH_BUYER.name).getByRole('button', { name: /^Message / })).toHaveCount(0)

  // The buyer finds it among their conversations and opens it (which also reads its notice).
  const buyer = await person(browser, CASH_BUYER.email)
  await buyer.goto('/chat')
  await expect(buyer.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible()
  const conversation = buyer
    .getByRole('list', { name: 'Your conversations' })
    .getByRole('link')
    .filter({ hasText: streetAddress })
  await expect(conversation).toBeVisible()
  await conversation.click()
  await expect(buyer).toHaveURL(`/chat/${threadId}`)
  await expect(buyer.getByTestId('message-list').getByText(opening)).toBeVisible()
  await expectAxeClean(buyer)
})
