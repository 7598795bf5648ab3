import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOT_STATE_ID, BOOT_STATE_MARK, endpoints, MEMBER_MARKUP_MARK } from '../../src/contract'
import { MEMBER_RENDERS_PER_MINUTE, scriptJson } from '../../server/http/spa'
import { callerWith, setStatus, validProfile } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import { createTestAppOverBuild, type TestApp } from './helpers'

const INDEX_HTML = '<!doctype html><html lang="en"><body><div id="root"></div></body></html>'
const template = (lng: string) =>
  `<!doctype html><html lang="${lng}"><body><div id="root">${MEMBER_MARKUP_MARK}</div>${BOOT_STATE_MARK}</body></html>`
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }

/**
 * A stand-in for the SSR build of src/prerender.tsx (its real rendering is proven in the browser, e2e): it
 * loads what the page would show as the member, and writes what it got into the markup and the boot state.
 * `/deals?fail=<path>` makes it load that path instead; `/deals?none` makes it decline the page.
 */
const RENDERER = `
export async function renderMemberPage({ url, user, language, load }) {
  const target = new URL(url, 'http://localhost')
  if (target.searchParams.has('none')) return null
  const answer = await load(target.searchParams.get('fail') ?? '/api/deals?pageSize=50')
  const ids = answer.items.map((deal) => deal.id)
  return {
    language: language ?? user.languagePreference,
    markup: '<p>' + user.email + ' sees ' + ids.join(',') + '</p>',
    bootState: { user: { userId: user.userId }, queries: { queries: [] }, note: '</script><script>alert(1)</script>' },
  }
}
`

const cookieOf = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().join('\n')

describe('member pages rendered by the server, from the page session', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestAppOverBuild({
      'index.html': INDEX_HTML,
      'prerendered/en/member-deals.html': template('en'),
      'prerendered/es/member-deals.html': template('es'),
      'server/prerender.js': RENDERER,
    })
  })
  afterAll(() => t.close())

  /** A buyer with a finished profile, their page-session cookie, and a listing they may see. */
  async function member(language: 'en' | 'es' = 'en') {
    const buyer = await callerWith(t, ['buyer'])
    await client(t.app, buyer).ok(endpoints.updateProfile, { body: validProfile })
    await client(t.app, buyer).ok(endpoints.updateLanguage, { body: { languagePreference: language } })
    const opened = await client(t.app, buyer).send(endpoints.openPageSession)
    expect(opened.statusCode).toBe(200)
    const cookie = /page_session=([^;]+)/.exec(cookieOf(opened.headers['set-cookie']))?.[1]
    expect(cookie).toBe(buyer.tokens.idToken)
    return { buyer, cookie: `page_session=${cookie}` }
  }

  it('keeps the caller’s own token as an HttpOnly, SameSite=Lax cookie until the token expires', async () => {
    const buyer = await callerWith(t, ['buyer'])
    const refused = await client(t.app).send(endpoints.openPageSession)
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['set-cookie']).toBeUndefined()

    const opened = await client(t.app, buyer).send(endpoints.openPageSession)
    expect(opened.statusCode).toBe(200)
    const cookie = cookieOf(opened.headers['set-cookie'])
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Path=\//)
    // Plain http here (PUBLIC_URL is http): a Secure cookie would never come back.
    expect(cookie).not.toMatch(/Secure/)
    const exp = JSON.parse(Buffer.from(buyer.tokens.idToken.split('.')[1]!, 'base64url').toString()).exp as number
    const { expiresAt } = opened.json<{ expiresAt: string }>()
    expect(Date.parse(expiresAt)).toBe(exp * 1000)
    expect(cookie).toContain(`Expires=${new Date(exp * 1000).toUTCString()}`)
  })

  it('renders /deals for the member the cookie names, with what they may see, never cached by others', async () => {
    const seller = await callerWith(t, ['originator'])
    const listing = await createListing(t, seller)
    const { buyer, cookie } = await member()
    const res = await t.app.inject({ url: '/deals', headers: { ...html, cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers.vary).toMatch(/cookie/i)
    expect(res.headers['content-language']).toBe('en')
    expect(res.body).toContain(`<html lang="en">`)
    expect(res.body).toMatch(new RegExp(`<p>${buyer.email} sees [^<]*${listing.id}`))
    expect(res.body).toContain(`<script type="application/json" id="${BOOT_STATE_ID}">`)
  })

  it('writes the boot state so that nothing in it can end its script element', async () => {
    const { cookie } = await member()
    const res = await t.app.inject({ url: '/deals', headers: { ...html, cookie } })
    expect(res.body).not.toContain('</script><script>alert(1)')
    const state = /<script type="application\/json" id="boot-state">([^<]*)<\/script>/.exec(res.body)?.[1]
    expect(JSON.parse(state!)).toMatchObject({ note: '</script><script>alert(1)</script>' })
    expect(scriptJson({ a: '<!-- \u2028 -->' })).toBe('{"a":"\\u003c!-- \\u2028 --\\u003e"}')
  })

  it('renders in the language the SPA keeps in its cookie, else the account’s, whatever the browser asks', async () => {
    const { cookie } = await member('es')
    const res = await t.app.inject({ url: '/deals', headers: { ...html, cookie, 'accept-language': 'en-US' } })
    expect(res.body).toContain('<html lang="es">')
    expect(res.headers['content-language']).toBe('es')
    const chosen = await t.app.inject({ url: '/deals', headers: { ...html, cookie: `${cookie}; language=en` } })
    expect(chosen.body).toContain('<html lang="en">')
  })

  it('answers the SPA’s shell without a cookie, for other pages, and when the renderer declines', async () => {
    const { cookie } = await member()
    for (const [url, headers] of [
      ['/deals', html],
      ['/profile', { ...html, cookie }],
      ['/deals?none', { ...html, cookie }],
    ] as const) {
      const res = await t.app.inject({ url, headers })
      expect(res.body, url).toBe(INDEX_HTML)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
  })

  it('answers the shell when a call the page needs is refused to the member (nothing of it leaks)', async () => {
    const { cookie } = await member()
    const res = await t.app.inject({
      url: `/deals?fail=${encodeURIComponent('/api/admin/users')}`,
      headers: { ...html, cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(INDEX_HTML)
  })

  it('drops a cookie the server no longer accepts (deactivated, signed out, forged) and answers the shell', async () => {
    const { buyer, cookie } = await member()
    await setStatus(t, buyer.id, 'deactivated')
    const deactivated = await t.app.inject({ url: '/deals', headers: { ...html, cookie } })
    expect(deactivated.body).toBe(INDEX_HTML)
    expect(cookieOf(deactivated.headers['set-cookie'])).toMatch(/page_session=;.*Expires=Thu, 01 Jan 1970/)

    const forged = await t.app.inject({ url: '/deals', headers: { ...html, cookie: 'page_session=not.a.token' } })
    expect(forged.body).toBe(INDEX_HTML)
    expect(cookieOf(forged.headers['set-cookie'])).toMatch(/page_session=;/)
  })

  it('renders one session’s pages at most a set number of times a minute, then answers the shell', async () => {
    const { cookie } = await member()
    const rendered = async () =>
      (await t.app.inject({ url: '/deals', headers: { ...html, cookie } })).body !== INDEX_HTML
    for (let i = 0; i < MEMBER_RENDERS_PER_MINUTE; i++) expect(await rendered()).toBe(true)
    expect(await rendered()).toBe(false)
    // Another member is not held back by it.
    const other = await member()
    const theirs = await t.app.inject({ url: '/deals', headers: { ...html, cookie: other.cookie } })
    expect(theirs.body).not.toBe(INDEX_HTML)
  })

  it('forgets the page session at sign-out, and never serves the renderer as a file', async () => {
    const { buyer } = await member()
    const closed = await client(t.app, buyer).send(endpoints.closePageSession)
    expect(closed.statusCode).toBe(200)
    expect(cookieOf(closed.headers['set-cookie'])).toMatch(/page_session=;.*Expires=Thu, 01 Jan 1970/)
    const file = await t.app.inject({ url: '/server/prerender.js' })
    expect(file.statusCode).toBe(404)
    expect(file.body).not.toContain('renderMemberPage')
  })
})

describe('the page session on https', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestAppOverBuild(
      {
        'index.html': INDEX_HTML,
        'prerendered/en/member-deals.html': template('en'),
        'server/prerender.js': RENDERER,
      },
      { PUBLIC_URL: 'https://keyway.example' },
    )
  })
  afterAll(() => t.close())

  it('is a __Host- cookie (Secure, Path=/, no Domain), read under that name only', async () => {
    const buyer = await callerWith(t, ['buyer'])
    await client(t.app, buyer).ok(endpoints.updateProfile, { body: validProfile })
    const opened = await client(t.app, buyer).send(endpoints.openPageSession)
    const cookie = cookieOf(opened.headers['set-cookie'])
    expect(cookie).toMatch(/^__Host-page_session=/)
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).not.toMatch(/Domain=/i)
    const token = buyer.tokens.idToken

    const rendered = await t.app.inject({ url: '/deals', headers: { ...html, cookie: `__Host-page_session=${token}` } })
    expect(rendered.body).toContain(`<p>${buyer.email} sees`)
    // A cookie without the prefix could have been set by a sibling subdomain: it is not a page session here.
    const plain = await t.app.inject({ url: '/deals', headers: { ...html, cookie: `page_session=${token}` } })
    expect(plain.body).not.toContain(buyer.email)

    const closed = await client(t.app, buyer).send(endpoints.closePageSession)
    expect(cookieOf(closed.headers['set-cookie'])).toMatch(/^__Host-page_session=;/)
  })
})
