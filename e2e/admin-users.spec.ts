import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { CLIENT_ID, createInvitedUser, idp, uiSignIn } from './support/api'

const signInStatus = async (request: Parameters<typeof idp>[0], email: string, password: string) =>
  (
    await idp(request, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    })
  ).status

test('a seller opening /admin is sent to /unauthorized', async ({ page }) => {
  await uiSignIn(page, 'seller@demo.test')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/unauthorized$/)
})

test('an admin finds a user, deactivates them with a reason and reactivates them; the audit log lists both', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const person = await createInvitedUser(request)
  // The person's own browser: signed in, then its tab closed so that only their next page load learns of the
  // deactivation (an open tab's socket or poll could sign it out first); the session stays in the context.
  const theirs = await browser.newContext()
  const first = await theirs.newPage()
  await uiSignIn(first, person.email, person.password)
  await first.close()

  await uiSignIn(page, 'admin@demo.test')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(person.email)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('1 user', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Test Person' }).click()
  await expect(page.getByRole('heading', { name: 'Test Person', level: 2 })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Deactivate', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Deactivate ${person.email}?` })
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Posting spam listings')
  await expectAxeClean(page)
  await dialog.getByRole('button', { name: 'Deactivate account' }).click()
  await expect(page.getByRole('status')).toHaveText('Account deactivated.')
  await expect(page.getByText('Posting spam listings')).toBeVisible()

  const again = await theirs.newPage()
  await again.goto('/profile')
  await expect(again.getByText('Account Deactivated', { exact: true })).toBeVisible()
  expect(await signInStatus(request, person.email, person.password)).toBe(400)

  await page.getByRole('button', { name: 'Reactivate' }).click()
  await expect(page.getByRole('status')).toHaveText('Account reactivated.')
  expect(await signInStatus(request, person.email, person.password)).toBe(200)
  await theirs.close()

  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
  const rows = page.getByRole('row').filter({ hasText: person.email })
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Changed account status')
  await expect(rows.nth(0)).toContainText('Deactivated → Active')
  await expect(rows.nth(1)).toContainText('Active → Deactivated')
  await expect(rows.nth(1)).toContainText('Posting spam listings')
  await expectAccessible(page)
})
