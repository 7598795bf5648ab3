import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type { MyOffer } from '../../src/contract'
import { apiCall, apiSignIn } from './api'

type MyDeals = { items: { id: string; status: string; streetAddress: string }[] }

/**
 * An active listing of `sellerEmail` on which none of `buyerEmails` has made an offer yet, so a journey
 * starts from a listing with no offers of theirs (the e2e server is shared by every spec of a run).
 * `fromEnd` picks the last such listing (1), the one before it (2)…, so journeys running at once differ.
 */
export async function listingWithoutOffers(
  request: APIRequestContext,
  sellerEmail: string,
  buyerEmails: string[],
  fromEnd = 1,
) {
  const seller = await apiSignIn(request, sellerEmail)
  const { items } = await apiCall<MyDeals>(request, seller.IdToken, 'GET', '/api/deals/mine')
  const offered = new Set<string>()
  for (const email of buyerEmails) {
    const buyer = await apiSignIn(request, email)
    const mine = await apiCall<MyOffer[]>(request, buyer.IdToken, 'GET', '/api/offers/mine')
    mine.forEach((offer) => offered.add(offer.dealId))
  }
  // From the end of the list: the first listings are the ones other journeys pick.
  const deal = items.filter((item) => item.status === 'active' && !offered.has(item.id)).at(-fromEnd)
  expect(deal, `an active listing of ${sellerEmail} without offers`).toBeTruthy()
  return deal!
}

/** The deal page's "Offers" section (en or es). */
export const offersSection = (page: Page) => page.getByRole('region', { name: /^(Offers|Ofertas)$/ })

/** The offer form, once opened. */
export const offerForm = (page: Page) => offersSection(page).getByRole('form')

/** A calendar day `days` from today (YYYY-MM-DD), for the close of escrow date. */
export function dayFromToday(days: number) {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

export type OfferEntry = {
  type?: 'cash' | 'creative'
  /** The purchase price for cash, the entry fee for creative, as typed ("$245,000" is fine). */
  amount?: string
  closeDate?: string
  message?: string
}

/** Opens the offer form on the deal page (English), when it is not open yet. */
export async function openOfferForm(page: Page) {
  const form = offerForm(page)
  if (!(await form.isVisible())) {
    await offersSection(page)
      .getByRole('button', { name: /^Make an? (new )?offer$/ })
      .click()
  }
  await expect(form).toBeVisible()
  return form
}

/** Fills what is given of the offer form (English labels); leaves the rest as it is. */
export async function fillOfferForm(form: Locator, entry: OfferEntry) {
  if (entry.type) await form.getByRole('radio', { name: entry.type === 'cash' ? 'Cash' : 'Creative' }).check()
  if (entry.amount !== undefined) {
    const type = entry.type ?? ((await form.getByLabel('Entry fee (USD)').isVisible()) ? 'creative' : 'cash')
    await form.getByLabel(type === 'cash' ? 'Purchase price (USD)' : 'Entry fee (USD)').fill(entry.amount)
  }
  if (entry.closeDate !== undefined) await form.getByLabel('Estimated close of escrow').fill(entry.closeDate)
  if (entry.message !== undefined) await form.getByLabel('Message (optional)').fill(entry.message)
}

/** Sends the open offer form (a first offer or one replacing the open one). */
export const sendOffer = (form: Locator) =>
  form.getByRole('button', { name: /^(Send offer|Replace my offer)$/ }).click()

/**
 * Makes a complete offer from the deal page and waits until it is listed under "Your offers" as submitted;
 * resolves to that list item.
 */
export async function makeOffer(
  page: Page,
  entry: Required<Pick<OfferEntry, 'type' | 'amount' | 'closeDate'>> & OfferEntry,
) {
  const form = await openOfferForm(page)
  await fillOfferForm(form, entry)
  await sendOffer(form)
  await expect(page.getByText('Offer sent', { exact: true })).toBeVisible()
  const newest = yourOffers(page).first()
  await expect(newest).toContainText('Submitted')
  return newest
}

/** The items of "Your offers", newest first. */
export const yourOffers = (page: Page) => offersSection(page).getByRole('listitem')
