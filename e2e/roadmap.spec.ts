import { expect, expectAccessible, expectAxeClean, test } from './fixtures'
import { DEMO_PASSWORD, uiSignIn } from './support/api'

const MATCHING = 'Match scores with reasons'

test('a visitor reads the roadmap in both languages; a buyer signs in from it, votes and takes the vote back', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto('/features')
  await expect(page.getByRole('heading', { level: 1, name: 'Feature roadmap' })).toBeVisible()
  for (const name of ['Planned', 'In progress', 'Shipped']) {
    await expect(page.getByRole('region', { name: new RegExp(`^${name}`) })).toBeVisible()
  }
  const planned = page.getByRole('region', { name: /^Planned/ })
  await expect(planned.getByRole('heading', { level: 3, name: MATCHING })).toBeVisible()
  await expect(planned.getByRole('button', { name: /^Vote for/ })).toHaveCount(0)
  await expectAccessible(page)

  const language = page.getByRole('combobox', { name: 'Language' }).first()
  await language.selectOption('es')
  await expect(page.getByRole('heading', { level: 1, name: 'Hoja de ruta' })).toBeVisible()
  for (const name of ['Planificado', 'En curso', 'Lanzado']) {
    await expect(page.getByRole('region', { name: new RegExp(`^${name}`) })).toBeVisible()
  }
  await expect(
    page.getByRole('heading', { level: 3, name: 'Puntuación de coincidencia con sus motivos' }),
  ).toBeVisible()
  await page.getByRole('combobox', { name: 'Idioma' }).first().selectOption('en')

  // "Sign in to vote" comes back here.
  await page.getByRole('link', { name: 'Sign in to vote' }).click()
  await page.getByLabel('Email').fill('buyer@demo.test')
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/features$/)

  const vote = planned.getByRole('button', { name: `Vote for ${MATCHING}` })
  const card = planned.getByRole('article').filter({ has: page.getByRole('heading', { name: MATCHING }) })
  await expect(vote).toHaveAttribute('aria-pressed', 'false')
  const before = Number((await card.getByText(/\d+ votes?$/).textContent())!.match(/\d+/)![0])
  await vote.click()
  await expect(vote).toHaveAttribute('aria-pressed', 'true')
  await expect(card).toContainText(`${before + 1} ${before + 1 === 1 ? 'vote, yours' : 'votes, yours included'}`)
  // Kept by the server.
  await page.reload()
  await expect(vote).toHaveAttribute('aria-pressed', 'true')
  await expectAccessible(page)

  await vote.click()
  await expect(vote).toHaveAttribute('aria-pressed', 'false')
  await expect(card).toContainText(`${before} ${before === 1 ? 'vote' : 'votes'}`)
  await page.reload()
  await expect(vote).toHaveAttribute('aria-pressed', 'false')
})

test('the admin adds a roadmap item, which then shows on /features', async ({ page }) => {
  test.setTimeout(90_000)
  const title = `Saved map areas ${Date.now().toString(36)}`
  await uiSignIn(page, 'admin@demo.test')
  await page.goto('/admin/roadmap')
  await expect(page.getByRole('heading', { level: 2, name: 'Roadmap' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 4, name: MATCHING })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Add item' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a roadmap item' })
  const english = dialog.getByRole('group', { name: 'English' })
  const spanish = dialog.getByRole('group', { name: 'Spanish' })
  await english.getByLabel(/Title/).fill(title)
  await english.getByLabel(/Description/).fill('Save an area of the map and see new deals in it first.')
  await spanish.getByLabel(/Title/).fill(`Zonas guardadas ${title.split(' ').at(-1)}`)
  await spanish.getByLabel(/Description/).fill('Guarda una zona del mapa y ve primero las operaciones nuevas en ella.')
  await expectAxeClean(page)
  await dialog.getByRole('button', { name: 'Add item' }).click()
  await expect(page.getByText('Item added.', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 4, name: title })).toBeVisible()

  await page.goto('/features')
  const planned = page.getByRole('region', { name: /^Planned/ })
  await expect(planned.getByRole('heading', { level: 3, name: title })).toBeVisible()
  await expect(planned.getByRole('button', { name: `Vote for ${title}` })).toBeVisible()
})
