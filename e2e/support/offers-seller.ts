import { expect, type Page } from '@playwright/test'

/** Issue 11, the seller's side: reusable steps of the offers journey (set-up through the API, then the UI). */

export const SELLER = 'seller@demo.test'
export const CASH_BUYER = { email: 'buyer@demo.test', name: 'Jordan Reyes' }
export const CREATIVE_BUYER = { email: 'hybrid@demo.test', name: 'Priya Shah' }

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
