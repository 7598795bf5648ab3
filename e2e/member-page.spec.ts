import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'

/** The page-session cookie of this browser, as the server set it. */
const pageSession = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'page_session')

test("a returning member's /deals comes with their listings in its HTML, and works as the SPA", async ({
  page,
  pageErrors,
  request,
}) => {
  await uiSignIn(page, 'buyer@demo.test')
  // Signing in handed the session to the server, as a cookie no script can read.
  await expect.poll(async () => (await pageSession(page))?.httpOnly).toBe(true)
  expect((await pageSession(page))?.sameSite).toBe('Lax')

  // The HTML itself carries the member's first page of cash listings: what the API answers them, in order.
  const { IdToken } = await apiSignIn(request, 'buyer@demo.test')
  const listings = await apiCall<{ items: { id: string }[] }>(
    request,
    IdToken,
    'GET',
    '/api/deals?dealCategory=cash&sort=newest&page=1&pageSize=20',
  )
  const answer = await page.request.get('/deals?dealCategory=cash', { headers: { accept: 'text/html' } })
  expect(answer.headers()['cache-control']).toBe('private, no-store')
  const html = await answer.text()
  const linked = [...html.matchAll(/<a [^>]*href="\/deals\/([0-9a-f-]{36})"/g)].map((match) => match[1])
  expect(linked).toEqual(listings.items.map((deal) => deal.id))

  // The browser shows it before any of its code has arrived (held here), and a heart pressed then is kept
  // and pressed again once the SPA has taken the page over.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/deals?dealCategory=cash', { waitUntil: 'domcontentloaded' })
  const first = page.locator('article').first()
  await expect(first.getByRole('link')).toHaveAttribute('href', `/deals/${listings.items[0]!.id}`)
  const heart = first.getByRole('button', { name: /favorite/i })
  const pressed = await heart.getAttribute('aria-pressed')
  await heart.click()
  await expect(heart).toHaveAttribute('data-pending-input', 'click')
  await expect(heart).toHaveAttribute('aria-pressed', pressed!)
  release()
  // Hydrating takes a while on a busy machine; the press is made once the page is ready.
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', '', { timeout: 30_000 })
  await expect(heart).not.toHaveAttribute('aria-pressed', pressed!)
  await expect(heart).not.toHaveAttribute('data-pending-input')
  await page.unrouteAll()
  // Then as any page of the SPA: the heart again, the sort.
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', pressed!)
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc')
  await expect(page).toHaveURL(/sort=price-asc/)
  await expectAccessible(page)
  expect(pageErrors).toEqual([])

  // Signing out takes the cookie away: this browser's /deals is no member's page any more.
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  expect(await pageSession(page)).toBeUndefined()
  const after = await page.request.get('/deals', { headers: { accept: 'text/html' } })
  expect(await after.text()).not.toContain('id="boot-state"')
})

test('a browser that kept the cookie but lost its session is sent to sign in, never shown the page', async ({
  page,
  browser,
  pageErrors,
}) => {
  await uiSignIn(page, 'seller@demo.test')
  await expect.poll(async () => (await pageSession(page))?.httpOnly).toBe(true)
  const cookie = (await pageSession(page))!
  // Another browser with only the cookie (its local session cleared, as after a sign-out offline).
  const other = await browser.newContext()
  try {
    await other.addCookies([cookie])
    const tab = await other.newPage()
    const seen: string[] = []
    tab.on('pageerror', (error) => seen.push(String(error)))
    await tab.goto('/deals')
    await expect(tab).toHaveURL(/\/auth\?next=%2Fdeals/)
    await expect(tab.locator('article')).toHaveCount(0)
    expect(seen).toEqual([])
  } finally {
    await other.close()
  }
  expect(pageErrors).toEqual([])
})
