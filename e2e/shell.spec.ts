import { expect, expectAccessible, test } from './fixtures'
import { uiSignIn } from './support/api'

test('the landing page offers buying and selling, with no console errors', async ({ page, visit, pageErrors }) => {
  await visit('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-estate deals with terms that work')
  await expect(page.getByRole('link', { name: 'I want to buy' })).toHaveAttribute('href', '/signup/buyer')
  await expect(page.getByRole('link', { name: 'I want to sell' })).toHaveAttribute('href', '/signup/seller')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  expect(pageErrors).toEqual([])
})

test('an unknown path shows the not-found page', async ({ page, visit }) => {
  await visit('/nope')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await page.getByRole('link', { name: 'Go to the home page' }).click()
  await expect(page).toHaveURL('/')
})

test('the health endpoint reports the database', async ({ request }) => {
  const response = await request.get('/api/health')
  expect(response.status()).toBe(200)
  expect(await response.json()).toMatchObject({ status: 'ok', db: 'ok', version: expect.any(String) })
})

test('an unknown API path answers a JSON 404, not the SPA', async ({ request }) => {
  const response = await request.get('/api/nope')
  expect(response.status()).toBe(404)
  expect(await response.json()).toMatchObject({ message: expect.any(String) })
})

test('switching to Español changes the page at once and survives a reload', async ({ page, visit }) => {
  await visit('/')
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('es')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Operaciones inmobiliarias con condiciones que funcionan',
  )
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Operaciones inmobiliarias con condiciones que funcionan',
  )
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
  await expectAccessible(page)
  await page.getByRole('contentinfo').getByRole('combobox', { name: 'Idioma' }).selectOption('en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-estate deals with terms that work')
})

test('a Spanish-speaking browser gets Spanish on first visit', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Operaciones inmobiliarias con condiciones que funcionan',
  )
  await context.close()
})

test('the legal pages have real text', async ({ page, visit }) => {
  await visit('/terms')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
  await visit('/privacy')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click()
  await expect(page).toHaveURL('/accessibility')
  await expect(page.getByRole('main')).toContainText('WCAG 2.2')
  await expectAccessible(page)
})

test('the access-denied page', async ({ page, visit }) => {
  await visit('/unauthorized')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied')
})

for (const locale of ['en-US', 'es-ES']) {
  test(`at 375px wide the landing page fits without sideways scrolling (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Every header control is inside the viewport, not just the document width.
    for (const control of await page.getByRole('banner').locator('a, select, button').all()) {
      const box = (await control.boundingBox())!
      expect(box.x + box.width, await control.innerText()).toBeLessThanOrEqual(375)
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectAccessible(page)
    await context.close()
  })
}

test('pages are served with a content security policy and hashed assets are cached for a year', async ({
  page,
  request,
}) => {
  const response = await page.goto('/')
  const headers = response!.headers()
  expect(headers['content-security-policy']).toContain("default-src 'self'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  const script = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src')
  const asset = await request.get(script!)
  expect(asset.headers()['cache-control']).toContain('immutable')
})

test('skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
})

/*
 * Issue 22 item 20: every page preloaded locales/<lng>/mail.json, which only the server reads (mails), and
 * legal.json is loaded by the legal pages alone.
 */
test('pages load the translations they use, never the mails or the legal texts', async ({ page }) => {
  const loaded: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/locales/')) loaded.push(pathname)
  })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', '')
  await page.goto('/auth')
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', '')
  await uiSignIn(page, 'buyer@demo.test')
  // The member page the server renders, on its own load.
  await page.goto('/deals')
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', '')
  expect(loaded).toContain('/locales/en/common.json')
  expect(loaded.filter((path) => /\/(mail|legal)\.json$/.test(path))).toEqual([])
})
