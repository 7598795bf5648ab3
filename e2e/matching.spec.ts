import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'

test('the demo buyer sees how well each deal fits them, sorts by best match and reads the reasons', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const tokens = await apiSignIn(request, 'buyer@demo.test')
  await apiCall(request, tokens.IdToken, 'PUT', '/api/profile/preferences', {
    state: 'AZ',
    city: 'Phoenix',
    zipCodes: [],
    minBedrooms: 2,
    maxMonthlyPayment: 3000,
    maxDownPayment: 50000,
    radiusZip: '85004',
    radiusMiles: 30,
  })

  await uiSignIn(page, 'buyer@demo.test')
  await page.goto('/deals')
  const results = page.getByRole('list').filter({ has: page.getByRole('article') })
  await expect(results.getByText(/^\d+% match$/).first()).toBeVisible()

  const sort = page.getByLabel('Sort by')
  await expect(sort.getByRole('option', { name: 'Best match' })).toBeAttached()
  // Chosen as soon as it shows, maybe before the server-rendered page has hydrated: the choice is kept and
  // reaches the URL once the code has taken the page over (a while on a busy machine).
  await sort.selectOption('best-match')
  await expect(page).toHaveURL(/[?&]sort=best-match/, { timeout: 30_000 })
  await expect(sort).toHaveValue('best-match')
  const firstCard = results.getByRole('article').first()
  await expect(firstCard.getByText(/^\d+% match$/)).toBeVisible()
  await expect(firstCard.getByRole('listitem').first()).toBeVisible()
  await expectAccessible(page)

  await firstCard.getByRole('link').first().click()
  const reasons = page.getByRole('region', { name: /How this deal fits you/ })
  await expect(reasons.getByText(/^\d+% match$/)).toBeVisible()
  await expect(reasons.getByRole('listitem').first()).toBeVisible()
  // The page lists every reason (the buyer set five criteria), the card only the top three.
  await expect(reasons.getByRole('listitem')).toHaveCount(5)
  await expectAccessible(page)
})
