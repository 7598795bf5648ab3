import sharp from 'sharp'
import { expect, type Page } from '@playwright/test'

export type PurchaseType = 'SubTo' | 'SellerFinance' | 'Hybrid' | 'LeaseOption'

const PURCHASE_LABEL: Record<PurchaseType, string> = {
  SubTo: 'Subject-to',
  SellerFinance: 'Seller finance',
  Hybrid: 'Hybrid',
  LeaseOption: 'Lease option',
}

/** A unique street address per call, so runs never collide on the duplicate-address rule. */
export const uniqueStreet = () => `${Math.floor(1000 + Math.random() * 8999)} ${Date.now().toString(36)} Oak Street`

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))

export async function fillAddress(page: Page, street: string, zip = '78701') {
  await field(page, 'Street address').fill(street)
  await field(page, 'City').fill('Austin')
  await field(page, 'State').selectOption('TX')
  await field(page, 'ZIP code').fill(zip)
}

/** Fills everything a listing of this type needs, as a seller would. */
export async function fillListing(page: Page, street: string, type: PurchaseType | 'cash') {
  await fillAddress(page, street)
  if (type === 'cash') {
    await page.getByRole('radio', { name: 'Cash', exact: true }).check()
  } else {
    await page.getByRole('radio', { name: 'Creative', exact: true }).check()
    await page.getByRole('radio', { name: PURCHASE_LABEL[type], exact: true }).check()
  }
  if (type !== 'LeaseOption') await field(page, 'Purchase price').fill('285000')
  await field(page, 'Earnest money deposit').fill('5000')
  if (type === 'SubTo' || type === 'Hybrid') {
    await field(page, 'Loan type').selectOption('FHA')
    await field(page, 'Interest rate').fill('3.25')
    await field(page, 'Loan balance').fill('210000')
    await field(page, 'Loan maturity date').fill('2051-06-01')
    await field(page, 'Monthly PITI').fill('1650')
    await field(page, 'Entry fee').fill('25000')
  }
  if (type === 'SellerFinance' || type === 'Hybrid') {
    await field(page, 'Seller loan amount').fill('60000')
    await field(page, 'Seller interest rate').fill('6')
    await field(page, 'Monthly principal and interest').fill('360')
    await field(page, 'Seller loan maturity date').fill('2031-06-01')
    await field(page, 'Deed transfer type').selectOption('DeedTransfer')
  }
  if (type === 'LeaseOption') {
    await field(page, 'Option fee').fill('12000')
    await field(page, 'Option sale price').fill('310000')
    await field(page, 'Option term').fill('3')
    await field(page, 'Monthly lease payment').fill('2100')
  }
  await field(page, 'Property type').selectOption('single-family')
  await field(page, 'Bedrooms').fill('3')
  await field(page, 'Bathrooms').fill('2')
  await field(page, 'Description').fill('Bright three-bedroom home near downtown with a large backyard.')
  await page.getByRole('checkbox', { name: 'Motivated seller' }).check()
  await page.getByRole('checkbox', { name: /^I certify/ }).check()
}

export async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish listing' }).click()
  await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}$/)
  return page.url().split('/').pop()!
}

/** A small real photo, made here (no network). */
export const photo = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer(),
})
