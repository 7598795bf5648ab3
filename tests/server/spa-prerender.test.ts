import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_PAINT_CHECK, LOAD_AFTER_FIRST_PAINT, MEMBER_PAINT_CHECK } from '../../src/contract'
import { createTestAppOverBuild, type TestApp } from './helpers'

const INDEX_HTML = '<!doctype html><html lang="en"><body><div id="root"></div></body></html>'
const page = (lng: string, text: string) =>
  `<!doctype html><html lang="${lng}"><body><div id="root">${text}</div></body></html>`
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

describe('the prerendered first page', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestAppOverBuild({
      'index.html': INDEX_HTML,
      'prerendered/en/home.html': page('en', 'Real estate deals'),
      'prerendered/es/home.html': page('es', 'Operaciones inmobiliarias'),
      'prerendered/en/auth.html': page('en', 'Sign in'),
      'prerendered/es/auth.html': page('es', 'Iniciar sesión'),
    })
  })
  afterAll(() => t.close())

  it('answers / and /auth with their English HTML by default, revalidated and varying by language', async () => {
    for (const [url, text] of [
      ['/', 'Real estate deals'],
      ['/auth', 'Sign in'],
    ] as const) {
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toBe(page('en', text))
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers.vary).toMatch(/accept-language/i)
      expect(res.headers.vary).toMatch(/cookie/i)
      expect(res.headers['content-language']).toBe('en')
    }
  })

  it('answers the Spanish page when Accept-Language prefers Spanish', async () => {
    const home = await t.app.inject({ url: '/', headers: { ...html, 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } })
    expect(home.body).toBe(page('es', 'Operaciones inmobiliarias'))
    expect(home.headers['content-language']).toBe('es')
    const auth = await t.app.inject({ url: '/auth', headers: { ...html, 'accept-language': 'es' } })
    expect(auth.body).toBe(page('es', 'Iniciar sesión'))
  })

  it('follows the language cookie the SPA keeps over Accept-Language, both ways', async () => {
    const es = await t.app.inject({
      url: '/',
      headers: { ...html, 'accept-language': 'en-US', cookie: 'a=1; language=es' },
    })
    expect(es.body).toBe(page('es', 'Operaciones inmobiliarias'))
    const en = await t.app.inject({
      url: '/auth',
      headers: { ...html, 'accept-language': 'es', cookie: 'language=en' },
    })
    expect(en.body).toBe(page('en', 'Sign in'))
    const unknown = await t.app.inject({
      url: '/',
      headers: { ...html, 'accept-language': 'es', cookie: 'language=fr' },
    })
    expect(unknown.body).toBe(page('es', 'Operaciones inmobiliarias'))
  })

  it('answers the empty shell for other pages and for /auth with a query (what it renders depends on it)', async () => {
    for (const url of ['/deals', '/auth?next=%2Fdeals', '/signup']) {
      const res = await t.app.inject({ url, headers: { ...html, 'accept-language': 'es' } })
      expect(res.body).toBe(INDEX_HTML)
    }
  })

  it("allows the pages' first-paint checks and script loader, and no other inline script, by their hashes", async () => {
    const res = await t.app.inject({ url: '/', headers: html })
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]
    expect(scriptSrc?.split(' ')).toEqual([
      "'self'",
      hash(FIRST_PAINT_CHECK),
      hash(MEMBER_PAINT_CHECK),
      hash(LOAD_AFTER_FIRST_PAINT),
    ])
  })
})
