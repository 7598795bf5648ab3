import { expect, expectAccessible, test } from './fixtures'
import { uiSignIn } from './support/api'

test('a visitor searches the help centre in Spanish and English, reads an article and marks it helpful', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/help')
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in to ask a question' })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es')
  await expect(page.getByRole('heading', { level: 1, name: 'Centro de ayuda' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Buscar en el centro de ayuda' }).fill('enganche')
  const resultados = page.getByRole('list', { name: 'Resultados de la búsqueda' })
  await expect(resultados.getByRole('link').first()).toHaveText(/^El enganche/)
  await expect(resultados.locator('mark').first()).toHaveText(/enganche/i)
  await expectAccessible(page)

  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption('en')
  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('due on sale')
  const results = page.getByRole('list', { name: 'Search results' })
  await expect(results.getByRole('link').first()).toHaveText(/^The due-on-sale clause/)
  await results.getByRole('link').first().click()

  await expect(page).toHaveURL(/\/help\/article\/due-on-sale-clause$/)
  await expect(page.getByRole('heading', { level: 1, name: /^The due-on-sale clause/ })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Help Center' }),
  ).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByText(/^Thanks for telling us\. \d+ readers? found this helpful\.$/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true')
})

test('a buyer asks, the admin answers and publishes in /admin/help, and the buyer is told and reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const question = `How long does a subject-to closing take? (${Date.now().toString(36)})`
  await uiSignIn(page, 'buyer@demo.test')
  await page.goto('/help')
  await page.getByRole('textbox', { name: 'Your question' }).fill(question)
  await page.getByRole('button', { name: 'Send question' }).click()
  await expect(page.getByText('Thanks! Your question was sent.', { exact: false })).toBeVisible()
  await expect(page.getByText(question)).toBeVisible()
  await expectAccessible(page)

  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await uiSignIn(admin, 'admin@demo.test')
  await admin.goto('/admin/help')
  await expect(admin.getByRole('heading', { level: 2, name: 'Help centre' })).toBeVisible()
  const item = admin.getByRole('listitem').filter({ hasText: question })
  await item.getByRole('button', { name: 'Answer' }).click()
  const english = item.getByRole('group', { name: 'English' })
  await english
    .getByRole('textbox', { name: 'Answer (English, Markdown)' })
    .fill('Usually **two to four weeks**, once the title work is done.')
  await expect(english.getByRole('region', { name: /^Preview of/ }).locator('strong')).toHaveText('two to four weeks')
  await expectAccessible(admin)
  await item.getByRole('button', { name: 'Publish' }).click()
  await expect(admin.getByText('Published. The asker has been told.', { exact: true })).toBeVisible()
  await adminContext.close()

  await page.reload()
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  // The notice opens the published question itself.
  await page.getByText(`Your question was answered: ${question}`).click()
  await expect(page).toHaveURL(/\/help\/qa\/q-[a-z0-9]+$/)
  await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible()
  await expect(page.locator('article strong')).toHaveText('two to four weeks')
  await expectAccessible(page)
})
