import type { Browser, Page } from '@playwright/test'
import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { createInvitedUser, uiSignIn } from './support/api'

/*
 * A user sends a bug report with a screenshot from the floating widget; the admin finds it in the panel's
 * Feedback review with the screenshot, marks it resolved (the sender's bell says so), and deletes it.
 */

// A real 1×1 PNG; the server re-encodes it without metadata.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

async function person(browser: Browser, email: string, password?: string) {
  const page = await (await browser.newContext()).newPage()
  await uiSignIn(page, email, password)
  return page
}

/** Answers the human check's "What is a + b?" (or a − b). */
async function answerHumanCheck(page: Page) {
  const input = page.getByLabel(/^What is \d+ [+-] \d+\?$/)
  await expect(input).toBeVisible()
  const label = await page.locator(`label[for="${await input.getAttribute('id')}"]`).innerText()
  const [, a, operator, b] = /(\d+) ([+-]) (\d+)/.exec(label)!
  await input.fill(String(operator === '+' ? Number(a) + Number(b) : Number(a) - Number(b)))
}

test('a bug report with a screenshot reaches the admin, who resolves it (the sender is told) and deletes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const sender = await createInvitedUser(request, 'buyer')
  const marker = `Map blank ${Date.now().toString(36)}`

  const user = await person(browser, sender.email, sender.password)
  await user.goto('/terms')
  await user.getByRole('button', { name: 'Send feedback' }).click()
  const widget = user.getByRole('dialog', { name: 'Send feedback' })
  await widget.getByRole('button', { name: /Bug Report/ }).click()
  await widget.getByRole('textbox', { name: /Your feedback/ }).fill(marker)
  await widget
    .getByLabel('Screenshot (optional)')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG })
  await answerHumanCheck(user)
  await expectAxeClean(user)
  await widget.getByRole('button', { name: 'Send Feedback' }).click()
  await expect(widget.getByRole('heading', { name: 'Feedback sent!' })).toBeVisible()
  await expect(user.getByText('Feedback submitted!', { exact: true })).toBeVisible()
  await widget.getByRole('button', { name: 'Close' }).click()

  const admin = await person(browser, 'admin@demo.test')
  await admin.goto('/admin/feedback')
  const filters = admin.getByRole('search', { name: 'Filter feedback' })
  await filters.getByRole('searchbox', { name: 'Search' }).fill(marker)
  await filters.getByRole('button', { name: 'Search' }).click()
  const card = admin.getByRole('listitem').filter({ hasText: marker })
  await expect(card).toHaveCount(1)
  await expect(card.getByText('/terms')).toBeVisible()
  await expectAccessible(admin)

  await card.getByRole('button', { name: 'View screenshot' }).click()
  const viewer = admin.getByRole('dialog', { name: 'Screenshot' })
  const image = viewer.getByRole('img', { name: /^Screenshot sent with the feedback from/ })
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expectAxeClean(admin)
  await viewer.getByRole('button', { name: 'Close' }).click()

  await card.getByRole('combobox', { name: 'Status of this feedback' }).selectOption('resolved')
  await expect(admin.getByText('Status changed to Resolved', { exact: true })).toBeVisible()

  // The sender's bell tells them, and /feedback lists it as resolved.
  await user.goto('/feedback')
  await expect(user.getByRole('region', { name: 'Your feedback' }).getByText('Resolved')).toBeVisible()
  await expectAccessible(user)
  await user
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click()
  await expect(user.getByRole('menuitem', { name: new RegExp(`Your feedback was resolved: ${marker}`) })).toBeVisible()

  await card.getByRole('button', { name: 'Delete' }).click()
  await admin
    .getByRole('dialog', { name: 'Delete this feedback?' })
    .getByRole('button', { name: 'Delete feedback' })
    .click()
  await expect(admin.getByText('Feedback deleted', { exact: true })).toBeVisible()
  await expect(admin.getByRole('listitem').filter({ hasText: marker })).toHaveCount(0)

  // The audit log lists both actions, newest first.
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
  const rows = admin.getByRole('row').filter({ hasText: marker })
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Deleted feedback')
  await expect(rows.nth(1)).toContainText('Changed feedback status')
})
