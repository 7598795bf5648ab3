import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequest, APIRequestContext, APIResponse, Browser } from '@playwright/test'
import type { Deal, DealPhoto, Offer } from '../src/contract'
import { expect, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn, apiCashListing } from './support/api'
import { channelSubscribedAfterNavigation } from './support/realtime'
import { photo } from './support/listing-form'
import { CASH_BUYER, CREATIVE_BUYER, offerRow, SELLER } from './support/offers-seller'

/*
 * Issue 27: two instances on one PostgreSQL behind nginx (e2e/scale/cluster.ts). A caller is pinned to an
 * instance by the cookie nginx routes on, and nginx names the instance that answered in X-Keyway-Upstream,
 * so each test knows where its requests and sockets land.
 */

// In order, in one worker, whatever fullyParallel says: the last test stops instance A.
test.describe.configure({ mode: 'default' })

type Instance = 'a' | 'b'
type Instances = Record<Instance, { pid: number; port: number }>

const instances = (): Instances =>
  JSON.parse(readFileSync(join(process.env.SCALE_DIR ?? '', 'instances.json'), 'utf8')) as Instances

const upstream = (instance: Instance) => `127.0.0.1:${instances()[instance].port}`

/** An API client whose every request lands on one instance (and says so). */
async function pinnedRequest(api: APIRequest, baseURL: string, instance: Instance, address?: string) {
  return api.newContext({
    baseURL,
    extraHTTPHeaders: {
      cookie: `keyway_instance=${instance}`,
      ...(address && { 'x-forwarded-for': address }),
    },
  })
}

async function expectLandsOn(request: APIRequestContext, instance: Instance) {
  const response = await request.get('/api/health')
  expect(response.headers()['x-keyway-upstream']).toBe(upstream(instance))
}

async function pinnedPage(browser: Browser, baseURL: string, instance: Instance) {
  const context = await browser.newContext({ baseURL })
  await context.addCookies([{ name: 'keyway_instance', value: instance, url: baseURL }])
  return context.newPage()
}

const street = () => `${Math.floor(1000 + Math.random() * 8999)} ${Date.now().toString(36)} Twin Lane`

async function freshListing(request: APIRequestContext) {
  const token = (await apiSignIn(request, SELLER)).IdToken
  return apiCashListing<Deal>(request, token, street(), 'A listing for the two-instance journey.')
}

const makeOffer = async (request: APIRequestContext, email: string, dealId: string, purchasePrice: number) => {
  const { IdToken } = await apiSignIn(request, email)
  return apiCall<Offer>(request, IdToken, 'POST', `/api/deals/${dealId}/offers`, {
    type: 'cash',
    purchasePrice,
    closeOfEscrowDate: '2099-06-30',
  })
}

test('@scale a buyer’s offer through instance A shows at once to the seller whose page and socket are on B', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const onA = await pinnedRequest(playwright.request, baseURL!, 'a')
  await expectLandsOn(onA, 'a')
  const deal = await freshListing(onA)
  await makeOffer(onA, CASH_BUYER.email, deal.id, 240000)

  const seller = await pinnedPage(browser, baseURL!, 'b')
  await uiSignIn(seller, SELLER)
  const live = channelSubscribedAfterNavigation(seller)
  await seller.goto(`/deals/${deal.id}/offers`)
  await expect(offerRow(seller, CASH_BUYER.name)).toBeVisible()
  await live

  await makeOffer(onA, CREATIVE_BUYER.email, deal.id, 245000)
  await expect(offerRow(seller, CREATIVE_BUYER.name)).toBeVisible({ timeout: 5_000 })
  await onA.dispose()
})

test('@scale the sign-in link limit counts requests on both instances together', async ({ playwright, baseURL }) => {
  // One caller (a documentation address, unique to this run's test) alternating between the instances.
  const address = `198.51.100.${Math.floor(1 + Math.random() * 250)}`
  const [onA, onB] = [
    await pinnedRequest(playwright.request, baseURL!, 'a', address),
    await pinnedRequest(playwright.request, baseURL!, 'b', address),
  ]
  await expectLandsOn(onA, 'a')
  await expectLandsOn(onB, 'b')
  const ask = (request: APIRequestContext) =>
    request.post('/api/auth/public-signin-link', { data: { email: 'nobody@example.com' } }).then((r) => r.status())
  // Five an address may send in 15 minutes (PUBLIC_FORM_RATE_LIMIT), wherever they land.
  const statuses = [await ask(onA), await ask(onB), await ask(onA), await ask(onB), await ask(onA)]
  expect(statuses).toEqual([202, 202, 202, 202, 202])
  expect(await ask(onB)).toBe(429)
  expect(await ask(onA)).toBe(429)
  await Promise.all([onA.dispose(), onB.dispose()])
})

test('@scale an account deactivated through instance A is refused by instance B at once', async ({
  playwright,
  baseURL,
}) => {
  // A demo account no other journey here uses (the outbox that sign-up's code needs is closed on PostgreSQL).
  const person = 'owner@demo.test'
  const [onA, onB] = [
    await pinnedRequest(playwright.request, baseURL!, 'a'),
    await pinnedRequest(playwright.request, baseURL!, 'b'),
  ]
  const token = (await apiSignIn(onB, person)).IdToken
  // B has served this user (and may remember them) before the change.
  const me = await apiCall<{ id: string }>(onB, token, 'GET', '/api/auth/me')

  const admin = (await apiSignIn(onA, 'admin@demo.test')).IdToken
  await apiCall(onA, admin, 'PATCH', `/api/admin/users/${me.id}`, {
    status: 'deactivated',
    reason: 'Two-instance journey',
  })
  try {
    const after = await onB.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })
    expect(after.status()).toBe(403)
  } finally {
    await apiCall(onA, admin, 'PATCH', `/api/admin/users/${me.id}`, { status: 'active' })
  }
  await Promise.all([onA.dispose(), onB.dispose()])
})

test('@scale a photo uploaded through instance A is served through B from the shared bucket', async ({
  playwright,
  baseURL,
}) => {
  const [onA, onB] = [
    await pinnedRequest(playwright.request, baseURL!, 'a'),
    await pinnedRequest(playwright.request, baseURL!, 'b'),
  ]
  await expectLandsOn(onA, 'a')
  const deal = await freshListing(onA)
  const token = (await apiSignIn(onA, SELLER)).IdToken
  const upload = await onA.post(`/api/deals/${deal.id}/photos`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { files: await photo('front.png', '#8fb3a0') },
  })
  expect(upload.status(), await upload.text()).toBe(200)
  const [uploaded] = (await upload.json()) as DealPhoto[]

  // B has no such file on its disk (its own DATA_DIR): the bytes come from the bucket.
  const served = await onB.get(uploaded!.url)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toMatch(/^image\//)
  expect((await served.body()).length).toBeGreaterThan(100)
  await Promise.all([onA.dispose(), onB.dispose()])
})

// Last: it stops instance A for good (the file's tests run in order, one worker).
test('@scale when instance A stops mid-session its users carry on through B, live updates included', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const onB = await pinnedRequest(playwright.request, baseURL!, 'b')
  const deal = await freshListing(onB)
  await makeOffer(onB, CASH_BUYER.email, deal.id, 240000)

  const seller = await pinnedPage(browser, baseURL!, 'a')
  await uiSignIn(seller, SELLER)
  await seller.goto(`/deals/${deal.id}/offers`)
  await expect(offerRow(seller, CASH_BUYER.name)).toBeVisible()

  process.kill(instances().a.pid, 'SIGTERM')
  await expect
    .poll(() => onB.get('/api/health').then((response: APIResponse) => response.headers()['x-keyway-upstream']))
    .toBe(upstream('b'))

  // The seller keeps working: a new page load, then a live update over a socket the page reopened on B.
  const live = channelSubscribedAfterNavigation(seller)
  await seller.goto(`/deals/${deal.id}/offers`)
  await expect(offerRow(seller, CASH_BUYER.name)).toBeVisible()
  await live
  await makeOffer(onB, CREATIVE_BUYER.email, deal.id, 245000)
  await expect(offerRow(seller, CREATIVE_BUYER.name)).toBeVisible({ timeout: 5_000 })
  await onB.dispose()
})
