import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBodySchema } from '../../src/contract'
import { createTestApp, type TestApp } from './helpers'
import { call, callerWith, type Caller } from './accounts-helpers'
import { cashListing } from './deals-helpers'
import { CLIENT_ID } from './identity-helpers'

const NUL = '\u0000'
const LONE_SURROGATE = '\ud800'

describe('text the database cannot store: NUL characters and lone surrogates', () => {
  let t: TestApp
  let buyer: Caller
  let seller: Caller
  let admin: Caller
  let dealId: string
  beforeAll(async () => {
    t = await createTestApp()
    buyer = await callerWith(t, ['buyer'])
    seller = await callerWith(t, ['originator'])
    admin = await callerWith(t, ['admin'])
    const created = await call(t.app, 'POST', '/api/deals', { as: seller, body: cashListing })
    dealId = (created.json() as { id: string }).id
  })
  afterAll(() => t.close())

  const expectRefused = (res: { statusCode: number; json(): unknown }, field?: string) => {
    expect(res.statusCode).toBe(400)
    const body = ApiErrorBodySchema.parse(res.json())
    expect(body).toMatchObject({
      code: 'invalid_characters',
      message: 'Some of the text you sent contains characters that cannot be stored. Remove them and try again.',
    })
    if (field) expect(body.fields?.[field]).toBe('Remove the invisible or broken characters from this text.')
  }

  it('refuses them in a path parameter, signed out too', async () => {
    expectRefused(await call(t.app, 'GET', '/api/auth/validate-invitation/%00'))
    expectRefused(await call(t.app, 'GET', '/api/auth/validate-invitation/a%00b'))
  })

  it('refuses them in a query string: deal search and the admin user search', async () => {
    expectRefused(await call(t.app, 'GET', '/api/deals?q=a%00b', { as: buyer }), 'q')
    expectRefused(await call(t.app, 'GET', '/api/admin/users?q=%00', { as: admin }), 'q')
    expectRefused(await call(t.app, 'GET', '/api/dev/outbox?template=%00'), 'template')
  })

  it('refuses them in profile and listing text fields', async () => {
    const profile = { firstName: `Pat${NUL}`, lastName: 'Doe', phoneNumber: '6025550100' }
    expectRefused(await call(t.app, 'PATCH', '/api/profile', { as: buyer, body: profile }), 'firstName')
    const listing = { ...cashListing, dealDescription: `Nice house ${NUL} with a yard` }
    expectRefused(await call(t.app, 'POST', '/api/deals', { as: seller, body: listing }), 'dealDescription')
  })

  it('refuses a lone surrogate in preferences and in the interest message, nested keys included', async () => {
    const preferences = { state: 'AZ', city: 'Phoenix', additionalNotes: `notes ${LONE_SURROGATE}` }
    expectRefused(
      await call(t.app, 'PUT', '/api/profile/preferences', { as: buyer, body: preferences }),
      'additionalNotes',
    )
    const interest = { message: `Hi ${LONE_SURROGATE}`, name: 'Pat Buyer', phone: '6025550100' }
    expectRefused(await call(t.app, 'POST', `/api/deals/${dealId}/interest`, { as: buyer, body: interest }), 'message')
    const nested = { ...preferences, additionalNotes: 'fine', zipCodes: ['85001', `8500${NUL}`] }
    expectRefused(await call(t.app, 'PUT', '/api/profile/preferences', { as: buyer, body: nested }), 'zipCodes.1')
  })

  it('keeps well-formed text: emoji (surrogate pairs) and accents are stored as sent', async () => {
    const preferences = { state: 'AZ', city: 'Phoenix', additionalNotes: 'Cerca de la escuela 🏫 señal' }
    const res = await call(t.app, 'PUT', '/api/profile/preferences', { as: buyer, body: preferences })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ additionalNotes: 'Cerca de la escuela 🏫 señal' })
  })

  it('answers in the caller’s language', async () => {
    const res = await call(t.app, 'GET', '/api/auth/validate-invitation/%00', { headers: { 'accept-language': 'es' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_characters', message: expect.stringMatching(/caracteres/) })
  })

  const idp = (operation: string, body: Record<string, unknown>, contentType = 'application/x-amz-json-1.1') =>
    t.app.inject({
      method: 'POST',
      url: '/cognito-idp/',
      headers: { 'content-type': contentType, 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      payload: JSON.stringify(body),
    })

  it.each([
    ['InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: `a${NUL}@x.test`, PASSWORD: 'x' } }],
    ['ForgotPassword', { Username: `a${NUL}@x.test` }],
    ['ConfirmSignUp', { Username: `a${NUL}@x.test`, ConfirmationCode: '123456' }],
    ['ResendConfirmationCode', { Username: `a${LONE_SURROGATE}@x.test` }],
    ['ConfirmForgotPassword', { Username: `a${NUL}@x.test`, ConfirmationCode: '123456', Password: 'Aa1!aaaa' }],
  ])('the identity provider refuses them in %s as Cognito does', async (operation, input) => {
    const res = await idp(operation, { ClientId: CLIENT_ID, ...input })
    expect(res.statusCode).toBe(400)
    expect(res.headers['x-amzn-errortype']).toBe('InvalidParameterException')
    expect(res.json()).toMatchObject({ __type: 'InvalidParameterException', message: expect.any(String) })
  })

  it('the identity provider answers a body it cannot read as Cognito does, whatever its content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/cognito-idp/',
      headers: {
        'content-type': 'application/json',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: '{"a":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ __type: 'SerializationException' })
  })
})

describe('malformed multipart on the upload endpoints', () => {
  let t: TestApp
  let seller: Caller
  let dealId: string
  beforeAll(async () => {
    t = await createTestApp()
    seller = await callerWith(t, ['originator'])
    const created = await call(t.app, 'POST', '/api/deals', { as: seller, body: cashListing })
    dealId = (created.json() as { id: string }).id
  })
  afterAll(() => t.close())

  const boundary = '----keyway-broken'
  const png = '\x89PNG\r\n\x1a\n' + 'x'.repeat(100)
  const whole = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${png}\r\n--${boundary}--\r\n`
  const bodies: [string, string, string][] = [
    ['truncated inside a part', whole.slice(0, 150), `multipart/form-data; boundary=${boundary}`],
    ['cut off in the part header', whole.slice(0, 50), `multipart/form-data; boundary=${boundary}`],
    [
      'without the closing boundary',
      whole.slice(0, whole.lastIndexOf(`--${boundary}--`)),
      `multipart/form-data; boundary=${boundary}`,
    ],
    ['without a boundary parameter', whole, 'multipart/form-data'],
    ['not multipart at all', 'garbage', `multipart/form-data; boundary=${boundary}`],
  ]

  it.each(['/api/profile/picture', '/api/profile/company-logo', 'photos'])(
    '%s answers 400 to broken bodies',
    async (path) => {
      const url = path === 'photos' ? `/api/deals/${dealId}/photos` : path
      for (const [what, payload, contentType] of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { ...seller.headers, 'content-type': contentType },
        })
        expect(res.statusCode, what).toBe(400)
        expect(ApiErrorBodySchema.parse(res.json()).code, what).toMatch(/^(malformed_multipart|file_required)$/)
      }
    },
  )
})
