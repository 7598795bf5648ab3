import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Deal, DealPhoto } from '../../src/contract'
import { updateUserRow } from '../../server/modules/users/repository'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createListing, uniqueListing } from './deals-helpers'
import { createTestApp, type TestApp } from './helpers'

function multipart(bytes: Buffer) {
  const boundary = '----keyway-role-boundary'
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/**
 * The rule: managing a listing (edit, status, delete, photos, reading its interests, My listings) needs the
 * originator role, so a seller whose role an admin removed keeps none of it; their live listings stay visible
 * until an admin acts, and admins and owners still manage them.
 */
describe('a seller whose originator role was removed', () => {
  let t: TestApp
  let former: Caller
  let admin: Caller
  let deal: Deal
  let photo: DealPhoto
  let png: Buffer

  beforeAll(async () => {
    t = await createTestApp()
    former = await callerWith(t, ['buyer', 'originator'])
    admin = await callerWith(t, ['admin'])
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#557788' } })
      .png()
      .toBuffer()
    deal = await createListing(t, former)
    const body = multipart(png)
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/photos`,
      payload: body.payload,
      headers: { ...body.headers, ...former.headers },
    })
    expect(uploaded.statusCode).toBe(200)
    photo = (uploaded.json() as DealPhoto[])[0]!
    // An admin takes the role away; the buyer role stays.
    await updateUserRow(t.db, former.id, { roles: ['buyer'] })
  })
  afterAll(() => t.close())

  const photoUpload = () => {
    const body = multipart(png)
    return t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/photos`,
      payload: body.payload,
      headers: { ...body.headers, ...former.headers },
    })
  }

  it.each([
    ['creates a listing', () => call(t.app, 'POST', '/api/deals', { as: former, body: uniqueListing() })],
    ['opens My listings', () => call(t.app, 'GET', '/api/deals/mine', { as: former })],
    ['edits the listing', () => call(t.app, 'PUT', `/api/deals/${deal.id}`, { as: former, body: uniqueListing() })],
    [
      'changes its status',
      () =>
        call(t.app, 'POST', `/api/deals/${deal.id}/status`, {
          as: former,
          body: { status: 'pending', onPlatform: true },
        }),
    ],
    ['reads its interested buyers', () => call(t.app, 'GET', `/api/deals/${deal.id}/interests`, { as: former })],
    ['uploads a photo', photoUpload],
    [
      'reorders its photos',
      () => call(t.app, 'PUT', `/api/deals/${deal.id}/photos/order`, { as: former, body: { photoIds: [photo.id] } }),
    ],
    ['deletes a photo', () => call(t.app, 'DELETE', `/api/deals/${deal.id}/photos/${photo.id}`, { as: former })],
    ['deletes the listing', () => call(t.app, 'DELETE', `/api/deals/${deal.id}`, { as: former })],
  ])('gets 403 when it %s', async (_what, request) => {
    const res = await request()
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { message: 'You do not have permission to do this.', code: 'forbidden' },
    ])
  })

  it('still sees the listing, which stays live and unchanged until an admin acts', async () => {
    const res = await call(t.app, 'GET', `/api/deals/${deal.id}`, { as: former })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: deal.id, status: 'active', streetAddress: deal.streetAddress })
    const byAdmin = await call(t.app, 'POST', `/api/deals/${deal.id}/status`, {
      as: admin,
      body: { status: 'pending', onPlatform: true },
    })
    expect([byAdmin.statusCode, byAdmin.json().status]).toEqual([200, 'pending'])
    const interests = await call(t.app, 'GET', `/api/deals/${deal.id}/interests`, { as: admin })
    expect(interests.statusCode).toBe(200)
  })

  it('manages the listing again once the role is given back', async () => {
    await updateUserRow(t.db, former.id, { roles: ['buyer', 'originator'] })
    try {
      const res = await call(t.app, 'GET', `/api/deals/${deal.id}/interests`, { as: former })
      expect(res.statusCode).toBe(200)
    } finally {
      await updateUserRow(t.db, former.id, { roles: ['buyer'] })
    }
  })
})
