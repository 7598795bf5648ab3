import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { uiSignIn } from './support/api'

test('a buyer saves a search from /deals and finds it beside the buy box', async ({ page }) => {
  test.setTimeout(90_000)
  await uiSignIn(page, 'buyer@demo.test')
  await page.goto('/deals?state=AZ&purchaseType=SubTo')
  await expect(page.getByRole('heading', { level: 1, name: 'Deals' })).toBeVisible()

  await page.getByRole('button', { name: 'Save search' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save this search' })
  const name = dialog.getByRole('textbox', { name: /Name/ })
  await expect(name).toHaveValue('AZ · Subject-to')
  await expectAxeClean(page)
  const saved = `Arizona subject-to ${Date.now().toString(36)}`
  await name.fill(saved)
  await dialog.getByRole('radio', { name: 'Weekly' }).check()
  await dialog.getByRole('button', { name: 'Save search' }).click()
  await expect(dialog).toBeHidden()

  await page.goto('/profile?tab=buybox')
  const item = page.getByRole('listitem', { name: saved })
  await expect(item).toBeVisible()
  await expect(item.getByText('AZ · Subject-to')).toBeVisible()
  await expect(item.getByRole('radio', { name: 'Weekly' })).toBeChecked()
  await expectAccessible(page)

  await item.getByRole('link', { name: /^Open/ }).click()
  await expect(page).toHaveURL(/\/deals\?state=AZ&purchaseType=SubTo$/)
})
