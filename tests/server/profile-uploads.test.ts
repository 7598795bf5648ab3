import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers'
import { call, callerWith, type Caller } from './accounts-helpers'

// A real 1x1 PNG; file-type recognises content by these bytes, whatever the name says.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])

/** A PNG padded to `size` bytes: still identified as PNG by its signature. */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)])

function multipart(file: { name: string; type: string; bytes: Buffer }, field = 'file') {
  const boundary = '----keyway-test-boundary'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('profile picture and company logo', () => {
  let t: TestApp
  let person: Caller
  beforeAll(async () => {
    t = await createTestApp()
    person = await callerWith(t)
  })
  afterAll(() => t.close())

  const upload = (url: string, file: { name: string; type: string; bytes: Buffer }, as: Caller | null = person) => {
    const body = multipart(file)
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...as?.headers },
    })
  }
  const me = async () => (await call(t.app, 'GET', '/api/auth/me', { as: person })).json()

  it('needs a signed-in user', async () => {
    const res = await upload('/api/profile/picture', { name: 'me.png', type: 'image/png', bytes: PNG }, null)
    expect(res.statusCode).toBe(401)
  })

  it('takes a PNG named .jpg by its content, stores it as WebP and serves it with a long cache and nosniff', async () => {
    const res = await upload('/api/profile/picture', { name: 'holiday.jpg', type: 'image/jpeg', bytes: PNG })
    expect(res.statusCode).toBe(200)
    const { url } = res.json() as { url: string }
    expect(url).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/)
    expect((await me()).profilePictureUrl).toBe(url)

    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 })
  })

  it('strips EXIF (GPS, author) from a profile picture, keeping it upright', async () => {
    // 40×20 stored with EXIF orientation 6 (rotate 90°): it shows as 20×40.
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#884422' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: 'Rosa Mendez', Copyright: 'private' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer()
    expect(photo.includes('Rosa Mendez')).toBe(true)
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const res = await upload('/api/profile/picture', { name: 'me.jpg', type: 'image/jpeg', bytes: photo })
    expect(res.statusCode).toBe(200)
    const stored = (await t.app.inject({ method: 'GET', url: res.json().url })).rawPayload
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 20, height: 40 })
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(stored.includes('Rosa Mendez')).toBe(false)
  })

  it('strips EXIF from a company logo, keeps its transparency and stores at most 500 KB', async () => {
    // Noise compresses worst of all: a noisy logo with an alpha channel, as big as the 500 KB limit lets in.
    const size = 340
    const pixels = randomBytes(size * size * 4)
    for (let i = 3; i < size * 20 * 4; i += 4) pixels[i] = 0 // a transparent band at the top
    const logo = await sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
      .png()
      .withExif({ IFD0: { Artist: 'Logo Studio' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer()
    expect(logo.length).toBeGreaterThan(400 * 1024)
    expect(logo.length).toBeLessThanOrEqual(500 * 1024)
    expect((await sharp(logo).metadata()).exif).toBeDefined()

    const res = await upload('/api/profile/company-logo', { name: 'logo.png', type: 'image/png', bytes: logo })
    expect(res.statusCode).toBe(200)
    const stored = (await t.app.inject({ method: 'GET', url: res.json().url })).rawPayload
    expect(stored.length).toBeLessThanOrEqual(500 * 1024)
    const meta = await sharp(stored).metadata()
    expect(meta).toMatchObject({ format: 'webp', hasAlpha: true })
    expect(meta.exif).toBeUndefined()
    expect(stored.includes('Logo Studio')).toBe(false)
    const { data } = await sharp(stored).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect(data[3]).toBe(0) // the top-left pixel is still transparent
  })

  it('refuses a file that looks like an image but does not decode, with 415', async () => {
    const broken = Buffer.concat([JPEG_START, Buffer.alloc(64)])
    const res = await upload('/api/profile/picture', { name: 'broken.jpg', type: 'image/jpeg', bytes: broken })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({
      code: 'invalid_file_type',
      fields: { file: 'Please select a JPEG, PNG or WebP image.' },
    })
  })

  it('refuses a text file named .png with 415, whatever type it claims', async () => {
    const res = await upload('/api/profile/picture', {
      name: 'avatar.png',
      type: 'image/png',
      bytes: Buffer.from('just some text, not an image at all'),
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({
      message: 'Invalid file type',
      code: 'invalid_file_type',
      fields: { file: 'Please select a JPEG, PNG or WebP image.' },
    })
  })

  it('refuses images of other types, such as GIF', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')
    const res = await upload('/api/profile/company-logo', { name: 'logo.gif', type: 'image/gif', bytes: gif })
    expect(res.statusCode).toBe(415)
  })

  it('refuses a 600 KB logo with 413 and keeps the previous one', async () => {
    const first = await upload('/api/profile/company-logo', {
      name: 'logo.png',
      type: 'image/png',
      bytes: pngOfSize(400 * 1024),
    })
    expect(first.statusCode).toBe(200)
    const res = await upload('/api/profile/company-logo', {
      name: 'big.png',
      type: 'image/png',
      bytes: pngOfSize(600 * 1024),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({
      message: 'File too large',
      code: 'file_too_large',
      fields: { file: 'Please select an image of 500 KB or less.' },
    })
    expect((await me()).companyLogoUrl).toBe(first.json().url)
  })

  it('takes pictures up to 5 MB', async () => {
    const big = await upload('/api/profile/picture', {
      name: 'big.png',
      type: 'image/png',
      bytes: pngOfSize(5 * 1024 * 1024 + 1),
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().fields).toEqual({ file: 'Please select an image of 5 MB or less.' })
    const fits = await upload('/api/profile/picture', {
      name: 'ok.png',
      type: 'image/png',
      bytes: pngOfSize(1024 * 1024),
    })
    expect(fits.statusCode).toBe(200)
  })

  it('removes the old file when a new one replaces it', async () => {
    const first = await upload('/api/profile/picture', { name: 'a.png', type: 'image/png', bytes: PNG })
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer()
    const second = await upload('/api/profile/picture', { name: 'b', type: 'application/octet-stream', bytes: jpeg })
    expect(second.statusCode).toBe(200)
    expect(second.json().url).toMatch(/\.webp$/)
    expect((await t.app.inject({ method: 'GET', url: first.json().url })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: second.json().url })).statusCode).toBe(200)
  })

  it('asks for a file when none is sent, and for multipart when JSON is sent', async () => {
    const boundary = '----empty'
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/profile/picture',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...person.headers },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ code: 'file_required', fields: { file: 'This field is required.' } })
    const json = await call(t.app, 'POST', '/api/profile/picture', { as: person, body: { file: 'x' } })
    expect(json.statusCode).toBe(415)
  })

  it('answers 404 for a file that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/avatars/missing.png' })
    expect(res.statusCode).toBe(404)
  })
})
