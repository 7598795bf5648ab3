import { expect, expectAccessible, test } from './fixtures'
import { uiSignIn } from './support/api'

test('an admin clusters 100,000 points on the map demo and sees the server and draw times, by keyboard too', async ({
  page,
  visit,
}) => {
  test.setTimeout(90_000)
  await uiSignIn(page, 'admin@demo.test')
  await visit('/map-optimization-demo')
  const timings = page.getByRole('region', { name: 'Timings' })
  const figure = (term: string) => timings.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
  const clusters = page.getByRole('button', { name: /^Cluster of [\d,]+ points, zoom in$/ })
  await expect(clusters.first()).toBeVisible({ timeout: 30_000 })
  await expect(figure('On the map')).toContainText(/for [\d,]+ points, at zoom 4/)

  await page.getByRole('radio', { name: '100,000 points' }).check()
  await expect(page).toHaveURL(/points=100000/)
  // The first use of a data set builds its index on the server (a few seconds on a busy machine); the
  // build time shows once the 100,000 points' first answer is in.
  await expect(figure('Index build time')).toHaveText(/^\d+(\.\d+)? ms$/, { timeout: 60_000 })
  await expect(figure('Server answer time')).toHaveText(/^\d+(\.\d+)? ms$/)
  await expect(figure('Draw time')).toHaveText(/^\d+(\.\d+)? ms$/)

  // A cluster by keyboard: Enter zooms in, and the server answers for the new zoom.
  await clusters.first().focus()
  await page.keyboard.press('Enter')
  await expect(figure('On the map')).toContainText('at zoom 6')
  await expectAccessible(page)
})
