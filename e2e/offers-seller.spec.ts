import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { uiSignIn } from './support/api'
import {
  buyerOrder,
  CASH_BUYER,
  CREATIVE_BUYER,
  listingWithTwoOffers,
  offerRow,
  openOffersFromMyListings,
  SELLER,
} from './support/offers-seller'

/**
 * Issue 11, the seller's side: two buyers' offers (made through the API), then the seller in the UI finds
 * them from My listings, sorts them, exports them as CSV and accepts one.
 */
test('the seller sees both offers, sorts and exports them, and accepts one: the listing is pending, the other not accepted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { deal } = await listingWithTwoOffers(request)

  await uiSignIn(page, SELLER)
  await openOffersFromMyListings(page, deal.streetAddress)
  await expect(page).toHaveURL(new RegExp(`/deals/${deal.id}/offers$`))
  await expectAccessible(page)

  // Both offers, newest first, each with what the buyer sent.
  expect(await buyerOrder(page)).toEqual([CREATIVE_BUYER.name, CASH_BUYER.name])
  const cash = offerRow(page, CASH_BUYER.name)
  const creative = offerRow(page, CREATIVE_BUYER.name)
  await expect(cash).toContainText('$231,000')
  await expect(cash).toContainText('Purchase price')
  await expect(cash).toContainText('Cash, inspection waived')
  await expect(creative).toContainText('$18,500')
  await expect(creative).toContainText('Entry fee')

  // Sort by amount: highest first, then the other way; the order is kept in the address.
  const amount = page.getByRole('columnheader', { name: /Amount/ })
  await amount.getByRole('button').click()
  await expect(amount).toHaveAttribute('aria-sort', 'descending')
  expect(await buyerOrder(page)).toEqual([CASH_BUYER.name, CREATIVE_BUYER.name])
  await amount.getByRole('button').click()
  await expect(amount).toHaveAttribute('aria-sort', 'ascending')
  expect(await buyerOrder(page)).toEqual([CREATIVE_BUYER.name, CASH_BUYER.name])
  await expect(page).toHaveURL(/sort=amount&dir=asc/)
  await page.reload()
  await expect(page.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending')

  // The CSV: the file the browser saves parses, and its rows are the table's.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^offers-.*\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await readFile((await download.path())!, 'utf8')
  expect(text.charCodeAt(0)).toBe(0xfeff)
  const records = parse(text, { bom: true, columns: true }) as Record<string, string>[]
  expect(records.map((row) => [row.Buyer, row.Type, row['Purchase price'], row['Entry fee'], row.Status])).toEqual([
    [CREATIVE_BUYER.name, 'creative', '', '18500', 'submitted'],
    [CASH_BUYER.name, 'cash', '231000', '', 'submitted'],
  ])
  // A hostile message is written as text, never as a formula.
  expect(records[0]!.Message).toBe("'=SUM(1,2) is not a formula")
  for (const record of records) {
    const row = offerRow(page, record.Buyer!)
    await expect(row).toContainText(record.Message!.replace(/^'/, ''))
    await expect(row).toContainText('Open')
  }

  // Accept the cash offer through the confirmation.
  await cash.getByRole('button', { name: `Accept, ${CASH_BUYER.name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Accept this offer?' })
  await expect(dialog).toContainText('The listing becomes pending')
  await expect(dialog).toContainText('The other open offers are marked not accepted')
  await expectAxeClean(page)
  await dialog.getByRole('button', { name: 'Accept offer' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByText(`You accepted ${CASH_BUYER.name}'s offer. The listing is pending.`, { exact: true }),
  ).toBeVisible()

  await expect(page.getByText(/This listing is pending/)).toBeVisible()
  await expect(cash).toContainText('Accepted')
  await expect(creative).toContainText('Not accepted')
  await expect(creative.getByRole('button', { name: /^Accept,/ })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Accept,/ })).toHaveCount(0)
  await expectAccessible(page)

  // The listing itself says pending.
  await page.goto(`/deals/${deal.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible()

  // The seller's bell has the notice (the server's own text, shown as it is).
  await page.reload()
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread/ })
  await bell.click()
  await expect(page.getByTestId('bell-list')).toContainText(`You accepted ${CASH_BUYER.name}'s cash offer of $231,000`)
  await page.keyboard.press('Escape')

  // The conversation with the buyer carries the acceptance note.
  await page.goto(`/deals/${deal.id}/offers`)
  await offerRow(page, CASH_BUYER.name)
    .getByRole('link', { name: `Conversation, ${CASH_BUYER.name}` })
    .click()
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]+$/)
  await expect(page.getByTestId('message-list')).toContainText('I accepted your cash offer of $231,000')
})
