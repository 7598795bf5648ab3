import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD, uiSignIn } from './support/api'

// A phone's screen, where the sign-in page and the footer share the first screen (Lighthouse's mobile preset).
test.use({ viewport: { width: 412, height: 823 } })

/** The page's cumulative layout shift so far, from the browser's own layout-shift entries. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]
          resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((sum, entry) => sum + entry.value, 0))
        }).observe({ type: 'layout-shift', buffered: true })
        // No entry at all means no shift: the observer's callback does not run then.
        setTimeout(() => resolve(0), 500)
      }),
  )

for (const { path, chunk, heading } of [
  { path: '/auth', chunk: 'sign-in-page', heading: 'Sign in' },
  { path: '/', chunk: 'home-page', heading: 'Real-estate deals with terms that work' },
]) {
  test(`nothing moves on ${path} when its page's code arrives after the first paint`, async ({ page }) => {
    // A slow network: the page's own chunk comes a second after the shell has painted.
    let release!: () => void
    const arrived = new Promise<void>((resolve) => (release = resolve))
    await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
      await arrived
      await route.continue()
    })
    await page.goto(path)
    // The page comes prerendered: its content and the footer are there before its code.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    await expect(page.getByRole('contentinfo')).toBeVisible()
    release()
    // The SPA takes the same markup over.
    await expect(page.locator('html')).toHaveAttribute('data-page-ready', '')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
  })
}

test('signing in on the prerendered /auth before its code has arrived sends no password in the URL, and signs in once it has', async ({
  page,
}) => {
  let release!: () => void
  const arrived = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/sign-in-page-[\w-]+\.js$/, async (route) => {
    await arrived
    await route.continue()
  })
  await page.goto('/auth')
  await page.getByLabel('Email').fill('buyer@demo.test')
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.locator('form[data-pending-submit]')).toHaveCount(1)
  expect(page.url()).not.toContain('password')
  release()
  await expect(page).not.toHaveURL(/\/auth/)
  expect(page.url()).not.toContain('password')
})

test("nothing moves on /deals when a returning member's session is confirmed after the first paint", async ({
  page,
}) => {
  // Signed in on a wide screen (where the header names the account menu), then back to the phone.
  await page.setViewportSize({ width: 1280, height: 720 })
  await uiSignIn(page, 'buyer@demo.test')
  await page.setViewportSize({ width: 412, height: 823 })
  // A slow network: the start-up check of the stored session answers a second after the shell has painted.
  let release!: () => void
  const arrived = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/auth/me', async (route) => {
    await arrived
    await route.continue()
  })
  await page.goto('/deals')
  await expect(page.getByRole('main').getByRole('status')).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02)
})
