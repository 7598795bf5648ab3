import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from './fixtures'
import {
  apiCall,
  apiSignIn,
  authStorageKeys,
  CLIENT_ID,
  createInvitedUser,
  idp,
  storedIdToken,
  storedRefreshToken,
  uiSignIn,
} from './support/api'
import { watchRequests } from './support/settled'

test('signing in and out through /auth leaves no identity keys behind', async ({ page }) => {
  await page.goto('/auth')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectAccessible(page)
  await uiSignIn(page, 'seller@demo.test')
  expect(await authStorageKeys(page)).not.toEqual([])
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await authStorageKeys(page)).toEqual([])
})

/**
 * Waits until the stored ID token is no longer `first`, moving the page's clock on 10 s each second: the e2e
 * server issues ID tokens for 330 s, so the session refreshes 30 s after sign-in (spec §9's shortest delay),
 * and the page need not wait that long in real time. The server's clock is untouched.
 */
async function expectRenewed(page: Page, first: string | null) {
  await expect
    .poll(
      async () => {
        const token = await storedIdToken(page)
        if (token !== null && token !== first) return true
        await page.clock.fastForward(10_000)
        return false
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(true)
}

test('a short-lived token is refreshed silently while the user keeps working', async ({ page }) => {
  await page.clock.install()
  await uiSignIn(page, 'seller@demo.test')
  await expectRenewed(page, await storedIdToken(page))
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/profile/)
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
  await expect(page.getByText(/session expired|sesión ha caducado/i)).toHaveCount(0)
})

test('revoking the refresh token signs the user out with the session-expired message', async ({ page, request }) => {
  const settled = watchRequests(page)
  await uiSignIn(page, 'buyer@demo.test')
  // The listings page's own calls end first: one still in flight at the revocation is refused (401), and its
  // sign-out would race the navigation below (net::ERR_ABORTED on a slow machine).
  await settled()
  const refreshToken = await storedRefreshToken(page)
  expect(refreshToken).toBeTruthy()
  const revoke = await idp(request, 'RevokeToken', { Token: refreshToken, ClientId: CLIENT_ID })
  expect(revoke.status).toBe(200)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/auth/)
  await expect(page.getByText('Session Error', { exact: true })).toBeVisible()
  expect(await authStorageKeys(page)).toEqual([])
})

test('an admin deactivates a user, whose next call signs them out with "Account Deactivated"', async ({
  page,
  request,
}) => {
  const person = await createInvitedUser(request)
  const first = await page.context().newPage()
  await uiSignIn(first, person.email, person.password)
  // The tab is closed before the admin acts: one left open may learn of it first (its poll, its socket) and
  // sign out on its own, racing the next page load this test is about. The next tab keeps the session.
  await first.close()
  const admin = await apiSignIn(request, 'admin@demo.test')
  const { items } = await apiCall<{ items: { id: string; email: string }[] }>(
    request,
    admin.IdToken,
    'GET',
    `/api/admin/users?q=${encodeURIComponent(person.email)}`,
  )
  const target = items.find((user) => user.email === person.email)!
  await apiCall(request, admin.IdToken, 'PATCH', `/api/admin/users/${target.id}`, {
    status: 'deactivated',
    reason: 'Test',
  })
  await page.goto('/profile')
  await expect(page.getByText('Account Deactivated', { exact: true })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  // The notice may show while the sign-out that follows it is still removing the keys.
  await expect.poll(() => authStorageKeys(page)).toEqual([])
})

test('reloading while a token refresh is in flight, or getting its answer cut off, keeps the user signed in', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const accountMenu = page.getByRole('button', { name: /^Account menu for / })
  await page.clock.install()
  await uiSignIn(page, 'seller@demo.test')
  const isRefresh = (body: string | null) => !!body?.includes('REFRESH_TOKEN_AUTH')

  // A 401 makes the page refresh at once; the identity provider's answer is held while the page reloads.
  // Only that refresh is held: the reloaded page may refresh at start-up (its token was refused), and when it
  // does is up to the page, so its own request goes through.
  let arrived = () => {}
  let release = () => {}
  let holdNext = false
  await page.route('**/cognito-idp/', async (route) => {
    if (!isRefresh(route.request().postData()) || !holdNext) return route.continue()
    holdNext = false
    const held = new Promise<void>((resolve) => (release = resolve))
    arrived()
    await held
    await route.continue().catch(() => {}) // the page that asked is gone
  })
  for (let round = 0; round < 4; round++) {
    holdNext = true
    // Every signed-in page load asks the server who the user is (a returning member's /deals comes rendered
    // by the server, listings and all, so it need not ask for them): that call is the one refused.
    await page.route(
      '**/api/auth/me',
      (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }),
      { times: 1 },
    )
    const refreshing = new Promise<void>((resolve) => (arrived = resolve))
    await page.goto('/deals')
    await refreshing
    // The reloaded /deals may come rendered by the server, header and all: signed in means the SPA's own
    // start-up check (any refresh it needs, then the server's confirmation) has ended with the user.
    const confirmed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me')
    await page.reload()
    release()
    await confirmed
    await expect(page, `reload ${round + 1}`).toHaveURL(/\/deals$/)
    await expect(accountMenu, `reload ${round + 1}`).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible()
    expect(await storedRefreshToken(page)).toBeTruthy()
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' })

  // The next refresh answer arrives without a readable body (as when the page is left mid-answer): the
  // session is kept and renewed on the retry.
  const first = await storedIdToken(page)
  let cutOff = false
  await page.route('**/cognito-idp/', (route) => {
    if (!isRefresh(route.request().postData()) || cutOff) return route.continue()
    cutOff = true
    return route.fulfill({ status: 200, contentType: 'application/x-amz-json-1.1', body: '' })
  })
  await expectRenewed(page, first)
  expect(cutOff).toBe(true)
  await expect(accountMenu).toBeVisible()
  await expect(page).toHaveURL(/\/deals/)
  await expect(page.getByText('Session Error', { exact: true })).toHaveCount(0)
})
