import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'

type ListPage<T> = { items: T[] }
type Listing = { id: string; streetAddress: string | null; status: string }

const DASHBOARD_MARKER_KEY = 'dashboardFetchAttempted'
const marker = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), DASHBOARD_MARKER_KEY)

test('the hybrid user has buying and selling modes, sees what is new, and keeps the mode they chose', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  // Something new on one of the hybrid user's listings: the demo buyer tells them they are interested.
  const hybridTokens = await apiSignIn(request, 'hybrid@demo.test')
  const mine = await apiCall<ListPage<Listing>>(request, hybridTokens.IdToken, 'GET', '/api/deals/mine?status=active')
  const listing = mine.items[0]!
  const buyerTokens = await apiSignIn(request, 'buyer@demo.test')
  await apiCall(request, buyerTokens.IdToken, 'POST', `/api/deals/${listing.id}/interest`, {
    message: 'Is it still available?',
    name: 'Jordan Buyer',
    phone: '(602) 555-0101',
  })

  await uiSignIn(page, 'hybrid@demo.test')
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).first().click()
  await expect(page).toHaveURL(/\/dashboard/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  const tabs = page.getByRole('tablist', { name: 'Dashboard mode' })
  await expect(tabs.getByRole('tab')).toHaveText(['Buying', 'Selling'])
  // A seller opens on selling: what is new since the last visit, then the listings.
  await expect(page.getByRole('tab', { name: 'Selling' })).toHaveAttribute('aria-selected', 'true')
  const news = page.getByRole('region', { name: 'New since your last visit' })
  const newsLine = news.getByRole('listitem').filter({ has: page.getByRole('link', { name: listing.streetAddress! }) })
  await expect(newsLine).toContainText(/\+\d+ new interests?/)
  await expect(newsLine.getByRole('link', { name: /^Offers on / })).toHaveAttribute(
    'href',
    `/deals/${listing.id}/offers`,
  )
  await expect(page.getByRole('heading', { level: 2, name: 'My listings' })).toBeVisible()
  // The dashboard fetch attempt marker (spec §3): a reload in the same browser session reads the news from
  // the same visit instead of starting another (which would find nothing new).
  expect(await marker(page)).not.toBeNull()
  await page.reload()
  await expect(newsLine).toContainText(/\+\d+ new interests?/)
  // (The phone check opens the page in another browser session, which starts a visit of its own.)
  await expectAccessible(page)

  // Buying mode, by keyboard: the same user's offers, unread conversations, interests and favorites.
  await page.getByRole('tab', { name: 'Selling' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: 'Buying' })).toHaveAttribute('aria-selected', 'true')
  for (const name of ['My offers', 'Unread messages', 'My interests', 'Favorites']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expectAccessible(page)

  // The choice is remembered: a reload, and a plain /dashboard later, open on buying.
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Buying' })).toHaveAttribute('aria-selected', 'true')
  await page.goto('/dashboard')
  await expect(page.getByRole('tab', { name: 'Buying' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { level: 2, name: 'Favorites' })).toBeVisible()

  // Sign-out removes the dashboard marker (spec §4).
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  expect(await marker(page)).toBeNull()
})

test('a buyer sees buying mode only, reached by its address (the header links it for sellers)', async ({ page }) => {
  await uiSignIn(page, 'buyer@demo.test')
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Listings' }).first()).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  await page.goto('/dashboard?mode=selling')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  for (const name of ['My offers', 'Unread messages', 'My interests', 'Favorites']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expect(page.getByRole('tablist')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'My listings' })).toHaveCount(0)
  // The demo buyer has interests and favorites: their rows link to the listings.
  await expect(
    page
      .getByRole('region', { name: 'My interests' })
      .getByRole('link', { name: /, [A-Z]{2} \d{5}$/ })
      .first(),
  ).toBeVisible()
  await expectAccessible(page)
})
