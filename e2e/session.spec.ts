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

test('a short-lived token is refreshed silently while the user keeps working', async ({ page }) => {
  // The e2e server issues ID tokens for 330 s, so the session refreshes 30 s after sign-in.
  test.setTimeout(90_000)
  await uiSignIn(page, 'seller@demo.test')
  const first = await storedIdToken(page)
  await expect.poll(() => storedIdToken(page), { timeout: 60_000, intervals: [2_000] }).not.toBe(first)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/profile/)
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible()
  await expect(page.getByText(/session expired|sesión ha caducado/i)).toHaveCount(0)
})

test('revoking the refresh token signs the user out with the session-expired message', async ({ page, request }) => {
  await uiSignIn(page, 'buyer@demo.test')
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
  await uiSignIn(page, person.email, person.password)
  const admin = await apiSignIn(request, 'admin@demo.test')
  const { items } = await apiCall<{ items: { id: string; email: string }[] }>(
    request,
    admin.IdToken,
    'GET',
    `/api/admin/users?q=${encodeURIComponent(person.email)}`,
  )
  const target = items.find((user) => user.email === person.email)!
  await apiCall(request, admin.IdToken, 'PATCH', `/api/admin/users/${target.id}`, { status: 'deactivated' })
  await page.goto('/profile')
  await expect(page.getByText('Account Deactivated', { exact: true })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await authStorageKeys(page)).toEqual([])
})
