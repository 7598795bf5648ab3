import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HumanCheckChallengeSchema, type DealPhoto, type HumanCheckChallenge } from '../../src/contract'
import { loadConfig } from '../../server/config'
import { createS3Objects, SIGNED_URL_WINDOW_SECONDS } from '../../server/files/s3'
import { deals, feedback } from '../../server/db/schema'
import { buildCspDirectives } from '../../server/http/security'
import { dealRow } from '../../server/modules/seed/listings-rows'
import { call, callerWith, type Caller } from './accounts-helpers'
import { createTestApp, type TestApp } from './helpers'

const BUCKET = 'keyway-uploads'
type Part = { field: string; name: string; type: string; bytes: Buffer }

function multipart(fields: Record<string, string>, files: Part[]) {
  const boundary = '----keyway-s3-boundary'
  const parts = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
  ]
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('files on S3 (against s3rver, a real S3-protocol server)', () => {
  const dirs = [mkdtempSync(join(tmpdir(), 'keyway-s3-')), mkdtempSync(join(tmpdir(), 'keyway-a-'))]
  dirs.push(mkdtempSync(join(tmpdir(), 'keyway-b-')))
  const [bucketDir, dataA, dataB] = dirs as [string, string, string]
  let server: S3rver
  let endpoint: string
  let bucket: S3Client
  let a: TestApp
  let b: TestApp
  let seller: Caller
  let admin: Caller
  let dealId: string
  let jpegWithGps: Buffer

  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: bucketDir })
    const { port } = await server.run()
    endpoint = `http://127.0.0.1:${port}`
    // The SDK's default credential chain reads these, as it would on a server.
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER')
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER')
    // Node 20 is still supported; the SDK's notice of a later minimum is for operators, not test output.
    vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true')
    bucket = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true })
    await bucket.send(new CreateBucketCommand({ Bucket: BUCKET }))
    const s3Env = { S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' }
    a = await createTestApp({ env: { ...s3Env, DATA_DIR: dataA } })
    // A second instance on the same database, with a disk of its own.
    b = await createTestApp({ env: { ...s3Env, DATA_DIR: dataB }, connection: a.connection })
    seller = await callerWith(a, ['originator'], 'seller-s3@example.com')
    // Signed in on B: until the identity keys are shared, each instance trusts its own tokens only.
    admin = await callerWith(b, ['admin'], 'admin-s3@example.com')
    const [row] = await a.db
      .insert(deals)
      .values(
        dealRow({
          sellerId: seller.id,
          streetAddress: '1 Bucket Ln',
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
    jpegWithGps = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8ab' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Seller Camera' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer()
  })

  afterAll(async () => {
    await b?.close()
    await a?.close()
    bucket?.destroy()
    await server?.close()
    vi.unstubAllEnvs()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  /** The bucket's key of an /uploads/ URL. */
  const objectKey = (url: string) => url.slice(1)
  const keysInBucket = async () =>
    ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key)
  const objectBytes = async (key: string) =>
    Buffer.from(await (await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray())
  /** GET /uploads/… on an instance, then the redirect it answers, as a browser would. */
  const fetchThrough = async (t: TestApp, url: string) => {
    const redirect = await t.app.inject({ method: 'GET', url })
    expect(redirect.statusCode, redirect.body).toBe(302)
    // Cacheable no longer than the window its target was signed for.
    expect(redirect.headers['cache-control']).toMatch(/^private, max-age=([1-9]\d?|[12]\d\d|300)$/)
    const location = String(redirect.headers.location)
    expect(location.startsWith(`${endpoint}/${BUCKET}/uploads/`)).toBe(true)
    const answer = await fetch(location)
    expect(answer.status).toBe(200)
    return { answer, bytes: Buffer.from(await answer.arrayBuffer()), location }
  }

  it('stores a listing photo in the bucket, metadata stripped, and serves it through either instance', async () => {
    const body = multipart({}, [{ field: 'files', name: 'front.jpg', type: 'image/jpeg', bytes: jpegWithGps }])
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/photos`,
      payload: body.payload,
      headers: { ...body.headers, ...seller.headers },
    })
    expect(res.statusCode, res.body).toBe(200)
    const [photo] = res.json() as DealPhoto[]
    expect(photo!.url).toMatch(/^\/uploads\/deal-photos\/[\w-]+\.webp$/)
    expect(await keysInBucket()).toEqual(
      expect.arrayContaining([objectKey(photo!.url), objectKey(photo!.thumbUrl)]),
    )
    // Nothing went to either instance's disk.
    expect(readdirSync(dataA)).not.toContain('uploads')

    const stored = await objectBytes(objectKey(photo!.url))
    const viaA = await fetchThrough(a, photo!.url)
    expect(viaA.bytes.equals(stored)).toBe(true)
    expect(viaA.answer.headers.get('content-type')).toBe('image/webp')
    expect(viaA.answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(viaA.bytes).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 })
    expect(meta.exif).toBeUndefined()
    const viaB = await fetchThrough(b, photo!.url)
    expect(viaB.bytes.equals(stored)).toBe(true)

    const removed = await call(a.app, 'DELETE', `/api/deals/${dealId}/photos/${photo!.id}`, { as: seller })
    expect(removed.statusCode).toBe(200)
    expect(await keysInBucket()).not.toContain(objectKey(photo!.url))
    expect((await b.app.inject({ method: 'GET', url: photo!.url })).statusCode).toBe(404)
  })

  it('replaces an avatar in the bucket and serves the new one from the other instance', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#c96' } })
      .png()
      .toBuffer()
    const upload = async () => {
      const body = multipart({}, [{ field: 'file', name: 'me.png', type: 'image/png', bytes: png }])
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        payload: body.payload,
        headers: { ...body.headers, ...seller.headers },
      })
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as { url: string }).url
    }
    const first = await upload()
    const second = await upload()
    const avatars = (await keysInBucket()).filter((key) => key?.startsWith('uploads/avatars/'))
    expect(avatars).toEqual([objectKey(second)])
    expect((await b.app.inject({ method: 'GET', url: first })).statusCode).toBe(404)
    expect(await sharp((await fetchThrough(b, second)).bytes).metadata()).toMatchObject({ format: 'webp', width: 64 })
  })

  it('keeps a feedback screenshot private in the bucket, read back by an admin on the other instance', async () => {
    const check = HumanCheckChallengeSchema.parse((await call(a.app, 'GET', '/api/auth/public-human-check')).json())
    const solve = (c: HumanCheckChallenge) => (c.operator === '+' ? c.a + c.b : c.a - c.b)
    const fields = {
      humanCheckToken: check.token,
      humanCheckAnswer: String(solve(check)),
      type: 'bug',
      comment: 'The map is blank',
      page: '/deals',
    }
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123' } })
      .png()
      .toBuffer()
    const body = multipart(fields, [{ field: 'file', name: 'screen.png', type: 'image/png', bytes: png }])
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: body.payload,
      headers: { ...body.headers, ...seller.headers },
    })
    expect(res.statusCode, res.body).toBe(201)
    const { id } = res.json() as { id: string }
    const [row] = await a.db.select().from(feedback).where(eq(feedback.id, id))
    expect(await keysInBucket()).toContain(`private/feedback/${row!.screenshotKey}`)
    expect((await b.app.inject({ method: 'GET', url: `/uploads/${row!.screenshotKey}` })).statusCode).toBe(404)
    const escape = `/uploads/..%2Fprivate%2Ffeedback%2F${row!.screenshotKey}`
    expect((await b.app.inject({ method: 'GET', url: escape })).statusCode).toBe(404)
    const served = await call(b.app, 'GET', `/api/admin/feedback/${id}/screenshot`, { as: admin })
    expect(served.statusCode).toBe(200)
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 20 })

    expect((await call(b.app, 'DELETE', `/api/admin/feedback/${id}`, { as: admin })).statusCode).toBe(200)
    expect(await keysInBucket()).not.toContain(`private/feedback/${row!.screenshotKey}`)
  })

  it('hands out one signed URL per window, valid for a window after it is handed out', async () => {
    const objects = createS3Objects({ bucket: BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true })
    const avatar = (await keysInBucket()).find((key) => key?.startsWith('uploads/avatars/'))!
    const windowMs = SIGNED_URL_WINDOW_SECONDS * 1000
    const start = Math.floor(Date.now() / windowMs) * windowMs
    const early = await objects.signedUrl(avatar, new Date(start + 1000))
    const late = await objects.signedUrl(avatar, new Date(start + windowMs - 1000))
    const next = await objects.signedUrl(avatar, new Date(start + windowMs))
    // The same URL within a window: the browser's cached image is reused.
    expect(late).toBe(early)
    expect(next).not.toBe(early)
    const params = new URL(next!).searchParams
    expect(params.get('X-Amz-Expires')).toBe(String(2 * SIGNED_URL_WINDOW_SECONDS))
    expect((await fetch(early!)).status).toBe(200)
    expect(await objects.signedUrl('uploads/avatars/missing.webp', new Date())).toBeNull()
    objects.client.destroy()
  })

  it('answers 404 for a key the bucket does not hold', async () => {
    expect((await a.app.inject({ method: 'GET', url: '/uploads/avatars/missing.webp' })).statusCode).toBe(404)
    expect((await a.app.inject({ method: 'GET', url: '/uploads/nothing' })).statusCode).toBe(404)
    for (const key of ['avatars/%00.webp', `avatars/${'x'.repeat(3000)}.webp`, '..%2F..%2Fetc%2Fpasswd', 'a/b/c.webp']) {
      // 400 where the text guard refuses a NUL before any route; never a 5xx.
      expect((await a.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode, key).toBeOneOf([400, 404])
    }
  })
})

describe('S3 settings', () => {
  it('turns S3 on with S3_BUCKET and a region, and says what is missing or wrong', () => {
    expect(loadConfig({ S3_BUCKET: 'keyway-files', S3_REGION: 'us-east-2' }).s3).toEqual({
      bucket: 'keyway-files',
      region: 'us-east-2',
      endpoint: undefined,
      forcePathStyle: false,
    })
    expect(() => loadConfig({ S3_BUCKET: 'keyway-files' })).toThrow(/S3_REGION="": is required when S3_BUCKET is set/)
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET="": is required when S3_ENDPOINT is set/,
    )
    expect(() => loadConfig({ S3_BUCKET: 'Keyway_Files', S3_REGION: 'us-east-1' })).toThrow(
      /S3_BUCKET="Keyway_Files": must be a bucket name/,
    )
    const minio = { S3_BUCKET: 'keyway', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'yes' }
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'ftp://minio:9000' })).toThrow(/S3_ENDPOINT=.*http:\/\//)
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'http://minio:9000/keyway' })).toThrow(/without a path/)
    expect(loadConfig({ ...minio, S3_ENDPOINT: 'http://minio:9000/' }).s3).toMatchObject({
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    })
  })

  it('stays on the local disk with .env.example copied as it is', () => {
    const example = Object.fromEntries(
      readFileSync('.env.example', 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
    expect(example).toHaveProperty('S3_FORCE_PATH_STYLE')
    expect(loadConfig(example).s3).toBeNull()
  })

  it("lets the CSP's img-src reach the bucket that /uploads/ redirects to", () => {
    const local = loadConfig({})
    const aws = loadConfig({ S3_BUCKET: 'keyway-files', S3_REGION: 'us-east-2' })
    const minio = loadConfig({
      S3_BUCKET: 'keyway',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(buildCspDirectives(local)['img-src']).not.toContain('http://minio.internal:9000')
    expect(buildCspDirectives(aws)['img-src']).toContain('https://keyway-files.s3.us-east-2.amazonaws.com')
    expect(buildCspDirectives(minio)['img-src']).toContain('http://minio.internal:9000')
  })
})
