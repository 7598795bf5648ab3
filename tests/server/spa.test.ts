import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestAppOverBuild, type TestApp } from './helpers'

const INDEX_HTML = '<!doctype html><html><head><title>Keyway</title></head><body><div id="root"></div></body></html>'
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

describe('serving the built SPA', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestAppOverBuild({
      'index.html': INDEX_HTML,
      'assets/index-B4x9kQ2a.js': 'console.log("app")',
      'locales/es/common.json': '{"loading":"Cargando…"}',
    })
  })
  afterAll(() => t.close())

  it('caches hashed assets forever', async () => {
    const res = await t.app.inject({ url: '/assets/index-B4x9kQ2a.js' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('console.log("app")')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('makes browsers revalidate index.html and locale files', async () => {
    const index = await t.app.inject({ url: '/', headers: html })
    expect(index.statusCode).toBe(200)
    expect(index.body).toBe(INDEX_HTML)
    expect(index.headers['cache-control']).toBe('no-cache')
    const locale = await t.app.inject({ url: '/locales/es/common.json' })
    expect(locale.json()).toEqual({ loading: 'Cargando…' })
    expect(locale.headers['cache-control']).toBe('no-cache')
  })

  it('answers index.html for a client-side route opened directly', async () => {
    const res = await t.app.inject({ url: '/deals/123/offers?tab=open', headers: html })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(INDEX_HTML)
  })

  it('answers a client-side route without piling listeners on the response (no MaxListenersExceededWarning)', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)
    process.on('warning', onWarning)
    try {
      const res = await t.app.inject({ url: '/deals/123/offers?tab=open', headers: html })
      expect(res.statusCode).toBe(200)
      // Node reports the warning on the next tick.
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings).toEqual([])
  })

  it.each([
    ['an unknown API path', '/api/nope', html],
    ['a missing file', '/assets/index-OLD.js', html],
    ['a page path asked for as data', '/some/page', { accept: 'application/json' }],
  ])('does not fall back for %s', async (_label, url, headers) => {
    const res = await t.app.inject({ url, headers })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'not_found' })
  })
})

describe('without a built SPA', () => {
  let t: TestApp
  beforeAll(async () => {
    // A build folder with nothing built in it.
    t = await createTestAppOverBuild({})
  })
  afterAll(() => t.close())

  it('still serves the API', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.statusCode).toBe(200)
  })

  it('answers pages with a plain note on how to build it', async () => {
    const res = await t.app.inject({ url: '/deals', headers: html })
    expect(res.statusCode).toBe(503)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toBe('SPA not built: run npm run build')
  })

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: html })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'not_found' })
  })
})
