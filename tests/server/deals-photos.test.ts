import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DealPhoto } from '../../src/contract'
import { dealPhotos, deals } from '../../server/db/schema'
import { dealRow } from '../../server/modules/seed/listings-rows'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

type File = { name: string; type: string; bytes: Buffer }

function multipart(files: File[]) {
  const boundary = '----keyway-photos-boundary'
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ])
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

let t: TestApp
let seller: Caller
let stranger: Caller
let owner: Caller
let dealId: string
let jpegWithGps: Buffer
let png: Buffer

const upload = (files: File[], as: Caller = seller, id = dealId) => {
  const body = multipart(files)
  return t.app.inject({
    method: 'POST',
    url: `/api/deals/${id}/photos`,
    payload: body.payload,
    headers: { ...body.headers, ...as.headers },
  })
}
const photo = (bytes = png, name = 'house.png'): File => ({ name, type: 'image/png', bytes })

beforeAll(async () => {
  t = await createTestApp()
  seller = await callerWith(t, ['originator'], 'seller-photos@example.com')
  stranger = await callerWith(t, ['originator'], 'other-seller-photos@example.com')
  owner = await callerWith(t, ['owner'], 'owner-photos@example.com')
  const [row] = await t.db
    .insert(deals)
    .values(
      dealRow({
        sellerId: seller.id,
        streetAddress: '1 Photo Ln',
        city: 'Mesa',
        state: 'AZ',
        zipCode: '85201',
        dealCategory: 'cash',
        propertyType: 'single-family',
        purchasePrice: 250_000,
      }),
    )
    .returning({ id: deals.id })
  dealId = row!.id
  const canvas = { create: { width: 2400, height: 1600, channels: 3 as const, background: '#8ab' } }
  jpegWithGps = await sharp(canvas)
    .jpeg()
    .withExif({ IFD0: { Artist: 'Seller Camera', Copyright: 'private' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer()
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c96' } })
    .png()
    .toBuffer()
})

afterAll(async () => {
  await t.close()
})

describe('listing photos', () => {
  it('stores a display size and a thumbnail as WebP, without the camera metadata', async () => {
    expect((await sharp(jpegWithGps).metadata()).exif).toBeDefined()
    const res = await upload([{ name: 'front.jpg', type: 'image/jpeg', bytes: jpegWithGps }])
    expect(res.statusCode, res.body).toBe(200)
    const [stored] = res.json() as DealPhoto[]
    expect(stored).toMatchObject({ position: 0, width: 1600, height: 1067 })
    for (const [url, width] of [
      [stored!.url, 1600],
      [stored!.thumbUrl, 480],
    ] as const) {
      const served = await t.app.inject({ method: 'GET', url })
      expect(served.statusCode).toBe(200)
      const meta = await sharp(served.rawPayload).metadata()
      expect(meta).toMatchObject({ format: 'webp', width })
      expect(meta.exif).toBeUndefined()
    }
  })

  it('takes several files at once and answers them in order after the existing ones', async () => {
    const res = await upload([photo(), photo(png, 'back.png')])
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as DealPhoto[]).map((p) => p.position)).toEqual([0, 1, 2])
  })

  it('decides the type by content: a text file named .jpg is refused and nothing is stored', async () => {
    const res = await upload([
      photo(),
      { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image at all') },
    ])
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ message: 'Invalid file type', fields: { files: expect.any(String) } })
    expect(await t.db.$count(dealPhotos)).toBe(3)
  })

  it('refuses a file over 10 MB with 413 "File too large"', async () => {
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1)])
    const res = await upload([photo(big)])
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ message: 'File too large' })
  })

  it('lets only the seller, admins and owners change photos; a missing listing is "Listing not found"', async () => {
    expect((await upload([photo()], stranger)).statusCode).toBe(403)
    expect((await upload([photo()], stranger, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await upload([photo()], stranger, 'not-a-uuid')).json()).toMatchObject({ message: 'Listing not found' })
    const byOwner = await upload([photo()], owner)
    expect(byOwner.statusCode).toBe(200)
    expect(byOwner.json()).toHaveLength(4)
  })

  it('reorders, refusing an order that does not name every photo once', async () => {
    const current = (await upload([photo()])).json() as DealPhoto[]
    const reversed = current.map((p) => p.id).reverse()
    const res = await call(t.app, 'PUT', `/api/deals/${dealId}/photos/order`, {
      as: seller,
      body: { photoIds: reversed },
    })
    expect(res.statusCode).toBe(200)
    expect((res.json() as DealPhoto[]).map((p) => p.id)).toEqual(reversed)
    const partial = await call(t.app, 'PUT', `/api/deals/${dealId}/photos/order`, {
      as: seller,
      body: { photoIds: reversed.slice(1) },
    })
    expect(partial.statusCode).toBe(400)
    expect(partial.json()).toMatchObject({ fields: { photoIds: expect.any(String) } })
  })

  it('deletes a photo, closes the gap and removes its files', async () => {
    const before = (
      await call(t.app, 'PUT', `/api/deals/${dealId}/photos/order`, {
        as: seller,
        body: { photoIds: [] },
      })
    ).statusCode
    expect(before).toBe(400)
    const list = (await t.db.select().from(dealPhotos)).sort((a, b) => a.position - b.position)
    const victim = list[1]!
    const res = await call(t.app, 'DELETE', `/api/deals/${dealId}/photos/${victim.id}`, { as: seller })
    expect(res.statusCode).toBe(200)
    const after = res.json() as DealPhoto[]
    expect(after.map((p) => p.position)).toEqual([0, 1, 2, 3])
    expect(after.map((p) => p.id)).not.toContain(victim.id)
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${victim.thumbKey}` })).statusCode).toBe(404)
    const again = await call(t.app, 'DELETE', `/api/deals/${dealId}/photos/${victim.id}`, { as: seller })
    expect(again.statusCode).toBe(404)
  })

  it('refuses the 26th photo, and more than 20 in one upload, with a clear message', async () => {
    const tooMany = await upload(Array.from({ length: 21 }, () => photo()))
    expect(tooMany.statusCode).toBe(413)
    expect(tooMany.json()).toMatchObject({ message: 'Upload at most 20 photos at a time.' })
    const have = await t.db.$count(dealPhotos)
    expect((await upload(Array.from({ length: 10 }, () => photo()))).statusCode).toBe(200)
    const fill = await upload(Array.from({ length: 25 - have - 10 }, () => photo()))
    expect(fill.statusCode, fill.body).toBe(200)
    expect(fill.json()).toHaveLength(25)
    const over = await upload([photo()])
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      code: 'photo_limit',
      message: 'A listing can have at most 25 photos; this one already has 25.',
    })
  })
})
