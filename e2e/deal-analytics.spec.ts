import { readFile } from 'node:fs/promises'
import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'

/*
 * Issue 26, deal analytics: two buyers view a fresh listing of the demo seller (one twice), one favorites
 * it, the other expresses interest; the seller, who opened the listing too, goes from its page to its
 * analytics and sees exactly that: 2 views, 1 favorite, 1 interest, in the funnel and in the series' table
 * view and CSV (the interest opened a conversation with the seller: 1 conversation).
 */

const SELLER = 'seller@demo.test'

test('the seller sees exactly what two buyers did on a fresh listing', async ({ page, request }) => {
  test.setTimeout(120_000)
  const seller = await apiSignIn(request, SELLER)
  const street = `${Date.now() % 100_000} Analytics Lane`
  const deal = await apiCall<{ id: string }>(request, seller.IdToken, 'POST', '/api/deals', {
    streetAddress: street,
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85001',
    dealCategory: 'cash',
    propertyType: 'single-family',
    purchasePrice: 260_000,
    bedrooms: 3,
    bathrooms: 2,
    dealDescription: 'Fresh listing for the analytics journey.',
    tags: ['rental-property'],
    legalCertification: true,
  })
  const buyer = await apiSignIn(request, 'buyer@demo.test')
  const hybrid = await apiSignIn(request, 'hybrid@demo.test')
  const dealPath = `/api/deals/${deal.id}`
  await apiCall(request, buyer.IdToken, 'GET', dealPath)
  await apiCall(request, buyer.IdToken, 'GET', dealPath)
  await apiCall(request, hybrid.IdToken, 'GET', dealPath)
  await apiCall(request, buyer.IdToken, 'PUT', `${dealPath}/favorite`)
  await apiCall(request, hybrid.IdToken, 'POST', `${dealPath}/interest`, {
    name: 'Hana Hybrid',
    phone: '(602) 555-0142',
    message: 'Is it still available?',
  })

  await uiSignIn(page, SELLER)
  await page.goto(`/deals/${deal.id}`)
  await page.getByRole('link', { name: 'Analytics', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Listing analytics' })).toBeVisible()

  const funnel = page.getByRole('region', { name: 'Funnel' })
  await expect(funnel.getByRole('row', { name: /^Views 2 / })).toBeVisible()
  await expect(funnel.getByRole('row', { name: /^Favorites 1 50%/ })).toBeVisible()
  await expect(funnel.getByRole('row', { name: /^Interests 1 100%/ })).toBeVisible()
  await expect(funnel.getByRole('row', { name: /^Offers 0 / })).toBeVisible()

  const series = page.getByRole('region', { name: 'Activity over time' })
  await series.getByText('Table view').click()
  await expect(series.getByRole('table').getByRole('row').last()).toHaveAccessibleName(/ 2 1 1 0 1$/)
  await expectAccessible(page)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    series.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  const file = await readFile((await download.path())!, 'utf8')
  expect(file.startsWith('\uFEFF'), 'a BOM for spreadsheets').toBe(true)
  // trim() also drops the BOM (it counts as white space).
  const csv = file.trim().split(/\r\n/)
  expect(csv[0]).toBe('Day,Views,Favorites,Interests,Offers,Conversations')
  expect(csv.at(-1)).toBe(`${new Date().toISOString().slice(0, 10)},2,1,1,0,1`)
})
