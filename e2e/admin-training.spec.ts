import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { uiSignIn } from './support/api'

test('the admin writes a lesson in English, is refused publishing until Spanish exists, publishes it, finds it audited, then unpublishes it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  const slug = `closing-checklist-${tag}`
  const title = `Your closing checklist ${tag}`
  await uiSignIn(page, 'admin@demo.test')
  await page.goto('/admin/training')
  await expect(page.getByRole('heading', { level: 2, name: 'Training' })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('link', { name: 'New lesson' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'New lesson' })).toBeVisible()
  await page.getByLabel('Address').fill(slug)
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Summary').fill('What to check in the week before you close.')
  await page.getByLabel('Lesson text (Markdown)').fill('## Before closing\n\nRead the **title report** line by line.')
  // The live preview renders the Markdown as the buyer will see it.
  const preview = page.getByRole('region', { name: 'Preview' })
  await expect(preview.getByRole('heading', { level: 2, name: 'Before closing' })).toBeVisible()
  await page.getByLabel('Question', { exact: true }).fill('What do you read before closing?')
  await page.getByLabel('Option 1', { exact: true }).fill('Nothing')
  await page.getByLabel('Why option 1 is right or wrong').fill('The title report can hide liens.')
  await page.getByLabel('Option 2', { exact: true }).fill('The title report')
  await page.getByLabel('Why option 2 is right or wrong').fill('Right: it lists the liens.')
  await page.getByRole('radio', { name: 'Option 2 is the right answer' }).check()
  await expectAxeClean(page)
  await page.getByRole('button', { name: 'Save', exact: true }).first().click()
  await expect(page.getByText('Lesson created as a draft.').first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/training/${slug}$`))

  // English only: publishing is refused, naming what Spanish lacks.
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  const refusal = page.getByRole('alert').filter({ hasText: 'cannot be published yet' })
  await expect(refusal).toContainText('Spanish · Title: This field is required.')
  await expect(page.getByRole('tab', { name: /Spanish \(\d+ to fix\)/ })).toHaveAttribute('aria-selected', 'true')
  await expectAccessible(page)

  await page.getByLabel('Title').fill(`Tu lista para el cierre ${tag}`)
  await page.getByLabel('Summary').fill('Qué revisar la semana antes de cerrar.')
  await page
    .getByLabel('Lesson text (Markdown)')
    .fill('## Antes del cierre\n\nLee el **informe de título** línea por línea.')
  await page.getByLabel('Question', { exact: true }).fill('¿Qué lees antes del cierre?')
  await page.getByLabel('Option 1', { exact: true }).fill('Nada')
  await page.getByLabel('Why option 1 is right or wrong').fill('El informe de título puede ocultar gravámenes.')
  await page.getByLabel('Option 2', { exact: true }).fill('El informe de título')
  await page.getByLabel('Why option 2 is right or wrong').fill('Correcto: enumera los gravámenes.')
  await page.getByRole('button', { name: 'Save and publish' }).click()
  await expect(page.getByText('The lesson is published.').first()).toBeVisible()

  await page.getByRole('link', { name: 'All lessons' }).click()
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) })
  await expect(row).toContainText('Published')
  await expect(row).toContainText('English complete, Spanish complete')

  await page.goto('/admin/audit')
  const entry = page.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Published a training lesson' })
  await expect(entry).toBeVisible()

  // Leave the seeded course as other journeys expect it: the new lesson back to a draft.
  await page.goto('/admin/training')
  await row.getByRole('button', { name: `Unpublish: ${title}` }).click()
  await expect(row).toContainText('Draft')
})
