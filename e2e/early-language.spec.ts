import { expect, test } from './fixtures'

// A phone whose browser speaks English, used by someone who reads Spanish: the first thing they do is pick
// Español, while the prerendered page is on screen and its code is still on its way.
test.use({ viewport: { width: 412, height: 823 }, locale: 'en-US' })

for (const { path, english, spanish } of [
  {
    path: '/',
    english: 'Real-estate deals with terms that work',
    spanish: 'Operaciones inmobiliarias con condiciones que funcionan',
  },
  { path: '/auth', english: 'Sign in', spanish: 'Iniciar sesión' },
]) {
  test(`Español chosen on the prerendered ${path} before its code has arrived turns the page Spanish`, async ({
    page,
    pageErrors,
  }) => {
    // A slow phone: the CPU four times slower, and no script arrives until the choice has been made.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    let release!: () => void
    const arrived = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/*.js', async (route) => {
      await arrived
      await route.continue()
    })
    await page.goto(path, { waitUntil: 'domcontentloaded' })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(english)
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es')
    release()

    await expect(page.locator('html')).toHaveAttribute('data-page-ready', '', { timeout: 30_000 })
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanish, { timeout: 20_000 })
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('combobox', { name: 'Idioma' }).first()).toHaveValue('es')
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // The choice is kept: the next load is Spanish from its first paint.
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanish)
    expect(pageErrors).toEqual([])
  })
}
