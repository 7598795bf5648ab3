import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { startCollector } from './support/analytics-collector'
import { apiCall, apiSignIn, uiSignIn } from './support/api'

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
}

// Run by the `analytics` project only: the build with a PostHog key whose host is the collector started here.
test('@analytics one identify per login, a new device id after sign-out, no stray page view, no console error', async ({
  page,
  pageErrors,
  request,
}) => {
  test.setTimeout(120_000)
  const collector = await startCollector()
  try {
    // PostHog drops what automated browsers send: the project gives Chromium a plain user agent, and this hides
    // the webdriver flag.
    await page.addInitScript(() => Object.defineProperty(navigator, 'webdriver', { get: () => false }))
    const { IdToken } = await apiSignIn(request, 'buyer@demo.test')
    const me = await apiCall<{ userId: string }>(request, IdToken, 'GET', '/api/auth/me')
    const named = (event: string) => collector.events.filter((item) => item.event === event)
    const viewsOf = (path: string) => named('$pageview').filter((item) => item.url?.endsWith(path))

    // Nothing leaves the page until its events have arrived (a page left at once may lose its last batch).
    await uiSignIn(page, 'buyer@demo.test')
    await expect.poll(() => named('$identify').length, { timeout: 30_000 }).toBe(1)
    const [first] = named('$identify')
    expect(first?.distinctId).toBe(me.userId)
    expect(first?.deviceId).toBeTruthy()

    // A reload of the same session: its page view arrives, and nobody is identified again.
    const path = new URL(page.url()).pathname
    const views = viewsOf(path).length
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect.poll(() => viewsOf(path).length, { timeout: 30_000 }).toBeGreaterThan(views)
    expect(named('$identify')).toHaveLength(1)

    await signOut(page)
    // The next login on this browser is identified once, from a new device id: the two are not linked.
    await uiSignIn(page, 'buyer@demo.test')
    await expect.poll(() => named('$identify').length, { timeout: 30_000 }).toBe(2)
    const second = named('$identify')[1]
    expect(second?.distinctId).toBe(me.userId)
    expect(second?.deviceId).toBeTruthy()
    expect(second?.deviceId).not.toBe(first?.deviceId)

    // Signing out never showed the sign-in page on the way (a page view of /auth?next=…).
    expect(collector.events.filter((item) => item.url?.includes('/auth?next='))).toEqual([])
    // No script from PostHog (the CSP would refuse it), and so no console error.
    expect(collector.scripts).toEqual([])
    // Script errors and CSP refusals. Chromium also logs each 4xx answer as "Failed to load resource"; calls cut
    // short by the sign-out under way (a refresh of the revoked session) may answer 400/401 there, which is not
    // what this journey is about (noted in the issue for a closer look).
    expect(
      pageErrors.filter((text) => !/^Failed to load resource: the server responded with a status of 40[01]/.test(text)),
    ).toEqual([])
  } finally {
    await collector.close()
  }
})
