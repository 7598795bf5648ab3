import { expect, expectAxeClean, test } from './fixtures'
import { uiSignIn } from './support/api'
import { dayFromToday, fillOfferForm, listingWithoutOffers, openOfferForm } from './support/offers'
import { SELLER } from './support/offers-seller'

test('the "?" beside an offer’s entry fee opens its article in a side panel, and the typed offer is still there when it closes', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  // Nothing is sent: the listing stays without offers for the journeys that need one.
  const deal = await listingWithoutOffers(request, SELLER, [], 3)
  await uiSignIn(page, 'buyer@demo.test')
  await page.goto(`/deals/${deal.id}`)
  const form = await openOfferForm(page)
  const closeDate = dayFromToday(45)
  await fillOfferForm(form, { type: 'creative', amount: '$18,500', closeDate, message: 'Arrears included.' })

  const hint = form.getByRole('button', { name: 'Help: Entry fee' })
  await hint.click()
  const panel = page.getByRole('dialog', { name: /entry fee/i })
  await expect(panel).toBeVisible()
  await expect(panel.locator('.prose-content')).not.toBeEmpty()
  await expect(panel.getByRole('alert')).toHaveCount(0)
  const link = panel.getByRole('link', { name: /Open in the help centre/ })
  await expect(link).toHaveAttribute('href', '/help/article/entry-fee')
  await expect(link).toHaveAttribute('target', '_blank')
  await expectAxeClean(page)

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(hint).toBeFocused()
  await expect(form.getByRole('radio', { name: 'Creative' })).toBeChecked()
  await expect(form.getByLabel('Entry fee (USD)')).toHaveValue('$18,500')
  await expect(form.getByLabel('Estimated close of escrow')).toHaveValue(closeDate)
  await expect(form.getByLabel('Message (optional)')).toHaveValue('Arrears included.')
})
