import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints } from '../../src/contract'
import { ConfigError, loadConfig } from '../../server/config'
import { buildCspDirectives } from '../../server/http/security'
import { createTestApp, type TestApp } from './helpers'
import { bearer } from './identity-helpers'

const REGION = 'us-east-1'
const POOL = 'us-east-1_Test123'
const CLIENT = 'awsclient123'
const ISSUER = `https://cognito-idp.${REGION}.amazonaws.com/${POOL}`
const env = { COGNITO_USER_POOL_ID: POOL, COGNITO_CLIENT_ID: CLIENT, COGNITO_REGION: REGION }

let t: TestApp
let privateKey: CryptoKey
let jwks: { keys: object[] }
const realFetch = globalThis.fetch

/** Stands in for AWS: the pool's JWKS, and Cognito's JSON API answering with `answer`. */
function stubAws(answer?: (target: string, body: Record<string, unknown>) => Response) {
  const fetchStub = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url === `${ISSUER}/.well-known/jwks.json`) return Response.json(jwks)
    if (url === `https://cognito-idp.${REGION}.amazonaws.com/` && answer) {
      const headers = new Headers(init?.headers)
      return answer(headers.get('x-amz-target') ?? '', JSON.parse(String(init?.body)) as Record<string, unknown>)
    }
    throw new TypeError('fetch failed')
  })
  vi.stubGlobal('fetch', fetchStub)
  return fetchStub
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true })
  privateKey = pair.privateKey
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'aws-kid', alg: 'RS256', use: 'sig' }] }
  t = await createTestApp({
    env,
    register: (app) => {
      app.get('/test/whoami', { preHandler: app.authenticate }, async (request) => request.identity)
    },
  })
})
afterEach(() => vi.stubGlobal('fetch', realFetch))
afterAll(() => t.close())

const now = () => Math.floor(Date.now() / 1000)
const awsToken = ({ aud = CLIENT, iss = ISSUER, ...claims }: Record<string, unknown> = {}) =>
  new SignJWT({
    email: 'Pat@Example.test',
    email_verified: true,
    'cognito:groups': ['owners'],
    token_use: 'id',
    auth_time: now(),
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'aws-kid' })
    .setSubject('5a6b7c8d-0000-4000-8000-000000000001')
    .setIssuer(String(iss))
    .setAudience(String(aud))
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey)

describe('AWS Cognito mode (COGNITO_* set)', () => {
  it('verifies ID tokens against the pool JWKS, with the same rules', async () => {
    stubAws()
    const ok = await t.app.inject({ url: '/test/whoami', headers: bearer(await awsToken()) })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({
      sub: '5a6b7c8d-0000-4000-8000-000000000001',
      email: 'pat@example.test',
      groups: ['owners'],
    })
    for (const claims of [{ aud: 'other' }, { token_use: 'access' }, { iss: 'https://evil.example/pool' }]) {
      expect((await t.app.inject({ url: '/test/whoami', headers: bearer(await awsToken(claims)) })).statusCode).toBe(
        401,
      )
    }
  })

  it('answers 503 rather than 401 when the pool keys cannot be fetched', async () => {
    const app = await createTestApp({
      env,
      register: (instance) => {
        instance.get('/test/whoami', { preHandler: instance.authenticate }, async (request) => request.identity)
      },
    })
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
      )
      const response = await app.app.inject({ url: '/test/whoami', headers: bearer(await awsToken()) })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ code: 'identity_unavailable' })
    } finally {
      await app.close()
    }
  })

  it('does not mount the embedded IdP or the dev outbox', async () => {
    const idp = await t.app.inject({ method: 'POST', url: '/cognito-idp/', payload: {} })
    expect(idp.statusCode).toBe(404)
    expect((await t.app.inject({ url: '/cognito-idp/local_keyway/.well-known/jwks.json' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404)
    expect(t.app.idp.mode).toBe('aws')
  })

  it('signs up through Cognito SignUp and maps its errors', async () => {
    const calls: { target: string; body: Record<string, unknown> }[] = []
    stubAws((target, body) => {
      calls.push({ target, body })
      if (body.Username === 'taken@example.test')
        return Response.json({ __type: 'UsernameExistsException', message: 'exists' }, { status: 400 })
      return Response.json({
        UserConfirmed: false,
        UserSub: 'aws-sub-1',
        CodeDeliveryDetails: { Destination: 'n***@e***' },
      })
    })
    const result = await t.app.idp.signUp({
      email: 'new@example.test',
      password: 'Sup3r-Secret!',
      attributes: { given_name: 'Nu', phone_number: '5552010199' },
      language: 'en',
    })
    expect(result).toEqual({ sub: 'aws-sub-1', userConfirmed: false, codeDestination: 'n***@e***' })
    expect(calls[0]).toEqual({
      target: 'AWSCognitoIdentityProviderService.SignUp',
      body: {
        ClientId: CLIENT,
        Username: 'new@example.test',
        Password: 'Sup3r-Secret!',
        UserAttributes: [
          { Name: 'email', Value: 'new@example.test' },
          { Name: 'given_name', Value: 'Nu' },
          { Name: 'phone_number', Value: '+15552010199' },
        ],
      },
    })
    await expect(
      t.app.idp.signUp({ email: 'taken@example.test', password: 'Sup3r-Secret!', attributes: {}, language: 'en' }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'username_exists' })
  })

  it('keeps the e-mailed sign-in link off without COGNITO_TRIGGER_SECRET, so no code is mailed that nothing checks', async () => {
    await expect(t.app.idp.sendSigninLink('a@example.test', 'en')).rejects.toMatchObject({
      statusCode: 501,
      code: 'identity_admin_unavailable',
    })
    const verify = await t.app.inject({
      method: 'POST',
      url: endpoints.signinLinkVerify.path,
      payload: { email: 'a@example.test', code: 'abc' },
    })
    expect(verify.statusCode).toBe(404)
  })

  it('wants a long COGNITO_TRIGGER_SECRET', () => {
    expect(() => loadConfig({ ...env, COGNITO_TRIGGER_SECRET: 'short' })).toThrow(ConfigError)
    expect(loadConfig({ ...env, COGNITO_TRIGGER_SECRET: 'x'.repeat(32) }).COGNITO_TRIGGER_SECRET).toBe('x'.repeat(32))
  })

  it('answers 501 for operations that need Cognito admin credentials', async () => {
    await expect(t.app.idp.findByEmail('a@example.test')).rejects.toMatchObject({
      statusCode: 501,
      code: 'identity_admin_unavailable',
    })
    await expect(
      t.app.idp.adminCreateUser({ email: 'a@example.test', password: 'x', attributes: {}, confirmed: true }),
    ).rejects.toMatchObject({ statusCode: 501 })
    // Roles and deactivation live in the database; the Cognito mirrors are skipped, not fatal.
    await expect(t.app.idp.setGroups('sub', ['buyer'])).resolves.toBeUndefined()
    await expect(t.app.idp.globalSignOut('sub')).resolves.toBeUndefined()
  })

  it('lets the SPA reach the regional Cognito endpoint through the CSP', () => {
    const config = loadConfig(env)
    expect(buildCspDirectives(config)['connect-src']).toContain('https://cognito-idp.us-east-1.amazonaws.com')
    expect(buildCspDirectives(loadConfig({}))['connect-src']).not.toContain(
      'https://cognito-idp.us-east-1.amazonaws.com',
    )
  })
})

describe('identity configuration', () => {
  it('needs all three COGNITO_* variables or none', () => {
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: POOL })).toThrow(ConfigError)
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: POOL })).toThrow(/COGNITO_CLIENT_ID.*\n.*COGNITO_REGION/)
    expect(loadConfig(env).cognito).toEqual({ userPoolId: POOL, clientId: CLIENT, region: REGION })
    expect(loadConfig({}).cognito).toBeNull()
  })

  it('validates the pool id like Cognito does (region, underscore, id; at most 55)', () => {
    expect(() => loadConfig({ ...env, COGNITO_USER_POOL_ID: 'no-underscore' })).toThrow(/COGNITO_USER_POOL_ID/)
    expect(() => loadConfig({ ...env, COGNITO_USER_POOL_ID: `us-east-1_${'a'.repeat(50)}` })).toThrow(/at most 55/)
  })

  it('bounds token lifetimes and checks the SMTP URL', () => {
    expect(loadConfig({}).IDP_ID_TOKEN_TTL_SECONDS).toBe(3600)
    expect(loadConfig({}).IDP_REFRESH_TOKEN_TTL_DAYS).toBe(30)
    expect(loadConfig({ IDP_ID_TOKEN_TTL_SECONDS: '60' }).IDP_ID_TOKEN_TTL_SECONDS).toBe(60)
    expect(() => loadConfig({ IDP_ID_TOKEN_TTL_SECONDS: '10' })).toThrow(/IDP_ID_TOKEN_TTL_SECONDS/)
    expect(() => loadConfig({ IDP_REFRESH_TOKEN_TTL_DAYS: '0' })).toThrow(/IDP_REFRESH_TOKEN_TTL_DAYS/)
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/)
    // The SMTP URL carries a password: it is never echoed.
    expect(() => loadConfig({ SMTP_URL: 'ftp://user:secret@mail' })).toThrow(/SMTP_URL=\(hidden\)/)
    expect(loadConfig({}).MAIL_FROM).toBe('Keyway <no-reply@keyway.app>')
  })
})
