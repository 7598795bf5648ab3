import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { apiCall, apiSignIn, createInvitedUser, latestMail, uiSignIn } from './support/api'

test('a buyer saves a search from /deals and finds it beside the buy box', async ({ page }) => {
  test.setTimeout(90_000)
  await uiSignIn(page, 'buyer@demo.test')
  await page.goto('/deals?state=AZ&purchaseType=SubTo')
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible()

  await page.getByRole('button', { name: 'Save search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  const name = dialog.getByRole('textbox', { name: /Name/ })
  await expect(name).toHaveValue('AZ · Subject-to')
  await expectAxeClean(page)
  const saved = `Arizona subject-to ${Date.now().toString(36)}`
  await name.fill(saved)
  await dialog.getByRole('radio', { name: 'Weekly' }).check()
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expect(dialog).toBeHidden()

  await page.goto('/profile?tab=buybox')
  const item = page.getByRole('listitem', { name: saved })
  await expect(item).toBeVisible()
  await expect(item.getByText('AZ · Subject-to')).toBeVisible()
  await expect(item.getByRole('radio', { name: 'Weekly' })).toBeChecked()
  await expectAccessible(page)

  await item.getByRole('link', { name: /^Open/ }).click()
  await expect(page).toHaveURL(/\/deals\?state=AZ&purchaseType=SubTo$/)
})

test('a saved search with real-time e-mail alerts its buyer to a listing that fits it', async ({ page, request }) => {
  // A sign-up, a listing and a wait on the job workers: more than the default half minute.
  test.setTimeout(120_000)
  // A fresh buyer whose buy box watches elsewhere: only the saved search can bring this listing to them. No
  // demo buyer watches Wyoming, so no Certified buyer has a head start.
  const buyer = await createInvitedUser(request)
  const tokens = await apiSignIn(request, buyer.email, buyer.password)
  await apiCall(request, tokens.IdToken, 'PATCH', '/api/profile', {
    firstName: 'Sam',
    lastName: 'Saver',
    phoneNumber: '(307) 555-0142',
  })
  await apiCall(request, tokens.IdToken, 'PUT', '/api/profile/preferences', {
    state: 'VT',
    city: 'Burlington',
    searchFrequency: 'weekly',
    notificationChannels: [],
  })

  await uiSignIn(page, buyer.email, buyer.password)
  await page.goto('/deals?state=WY&dealCategory=cash')
  await page.getByRole('button', { name: 'Save search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  const saved = `Wyoming cash ${Date.now().toString(36)}`
  await dialog.getByRole('textbox', { name: /Name/ }).fill(saved)
  await dialog.getByRole('radio', { name: 'Real time' }).check()
  await expect(dialog.getByRole('checkbox', { name: 'Email' })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expect(dialog).toBeHidden()

  const seller = await apiSignIn(request, 'seller@demo.test')
  const listing = await apiCall<{ id: string }>(request, seller.IdToken, 'POST', '/api/deals', {
    city: 'Cheyenne',
    state: 'WY',
    zipCode: '82001',
    streetAddress: `${Date.now() % 100000} Saved Search Street`,
    dealCategory: 'cash',
    propertyType: 'single-family',
    purchasePrice: 210000,
    bedrooms: 3,
    bathrooms: 2,
    dealDescription: 'A listing that fits a saved search.',
    tags: ['rental-property'],
    legalCertification: true,
  })

  // The mail names the search it fits, with the score; the bell has the notice.
  const alert = await latestMail(request, buyer.email, 'matchAlert')
  expect(alert.subject).toMatch(/scores \d+ for you/)
  expect(alert.text).toContain(`Fits your saved search “${saved}”`)
  expect(alert.text).toContain(`/deals/${listing.id}`)
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click()
  await expect(page.getByTestId('bell-list')).toContainText(/New match \(score \d+\): .*Cheyenne, WY 82001/, {
    timeout: 60_000,
  })
})
