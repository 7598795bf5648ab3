import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { decodeJwt, generateKeyPair, SignJWT, type JWTPayload } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import type { App } from '../../server/app'
import { serverKeys } from '../../server/db/schema'
import { loadOrCreateSigningKey, SIGNING_KEY_NAME, type SigningKey } from '../../server/identity/keys'
import {
  CLIENT_ID,
  bearer,
  cognito,
  createConfirmedUser,
  fakeClock,
  getUser,
  signIn,
  testAppForFile,
} from './identity-helpers'

const clock = fakeClock()
let key: SigningKey

/** A route behind app.authenticate that echoes request.identity. */
const registerWhoAmI = (app: App) => {
  app.get('/test/whoami', { preHandler: app.authenticate }, async (request) => request.identity)
}
const t = testAppForFile({ clock, env: { IDP_ID_TOKEN_TTL_SECONDS: '120' }, register: registerWhoAmI })
const whoAmI = (headers: Record<string, string> = {}) => t.app.inject({ url: '/test/whoami', headers })

beforeAll(async () => {
  key = await loadOrCreateSigningKey(t.app.db, t.app.config.DATA_DIR)
})

async function signedInClaims() {
  const user = await createConfirmedUser(t.app)
  const tokens = await signIn(t.app, user.email, user.password)
  return { user, tokens, claims: decodeJwt(tokens.idToken) }
}

const resign = (claims: JWTPayload, signWith: CryptoKey = key.privateKey) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(signWith)

describe('app.authenticate (embedded IdP)', () => {
  it('sets request.identity from a valid ID token', async () => {
    const user = await createConfirmedUser(t.app, { groups: ['originator'] })
    const tokens = await signIn(t.app, user.email, user.password)
    const response = await whoAmI(bearer(tokens.idToken))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      sub: user.sub,
      email: user.email,
      emailVerified: true,
      groups: ['originator'],
      authTime: decodeJwt(tokens.idToken).auth_time,
      originJti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
  })

  it('answers 401 auth_required, translated, without a token or with a malformed one', async () => {
    const none = await whoAmI()
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ message: 'Authentication required', code: 'auth_required' })
    expect((await whoAmI({ 'accept-language': 'es' })).json()).toEqual({
      message: 'Se requiere autenticación',
      code: 'auth_required',
    })
    for (const authorization of ['Basic abc', 'Bearer not.a.jwt', 'Bearer onlyonepart', 'Bearer ']) {
      expect((await whoAmI({ authorization })).statusCode).toBe(401)
    }
  })

  it('accepts the same claims re-signed with our key (so the refusals below are about one thing each)', async () => {
    const { claims } = await signedInClaims()
    expect((await whoAmI(bearer(await resign(claims)))).statusCode).toBe(200)
  })

  it('refuses a bad signature: another key under our kid', async () => {
    const { claims } = await signedInClaims()
    const { privateKey } = await generateKeyPair('RS256')
    expect((await whoAmI(bearer(await resign(claims, privateKey)))).statusCode).toBe(401)
  })

  it('refuses our own key’s signature when the token names no kid, or a kid the JWKS does not have', async () => {
    const { claims, tokens } = await signedInClaims()
    const signWithHeader = (payload: JWTPayload, header: { alg: 'RS256'; kid?: string; typ?: string }) =>
      new SignJWT(payload).setProtectedHeader(header).sign(key.privateKey)
    for (const header of [
      { alg: 'RS256' as const },
      { alg: 'RS256' as const, typ: 'JWT' },
      { alg: 'RS256' as const, kid: '' },
      { alg: 'RS256' as const, kid: 'another-key' },
    ]) {
      const idToken = await signWithHeader(claims, header)
      const answer = await whoAmI(bearer(idToken))
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toMatchObject({ code: 'auth_required' })
      // The identity provider's own operations refuse such an access token too.
      const access = await signWithHeader(decodeJwt(tokens.accessToken), header)
      expect(await getUser(t.app, access)).toMatchObject({
        statusCode: 400,
        body: { __type: 'NotAuthorizedException' },
      })
    }
    expect(
      await getUser(t.app, await signWithHeader(decodeJwt(tokens.accessToken), { alg: 'RS256', kid: key.kid })),
    ).toMatchObject({ statusCode: 200 })
  })

  it('refuses a wrong audience and a wrong issuer', async () => {
    const { claims } = await signedInClaims()
    expect((await whoAmI(bearer(await resign({ ...claims, aud: 'another-client' })))).statusCode).toBe(401)
    const aws = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other'
    expect((await whoAmI(bearer(await resign({ ...claims, iss: aws })))).statusCode).toBe(401)
  })

  it('refuses an access token used as an ID token', async () => {
    const { tokens, claims } = await signedInClaims()
    expect((await whoAmI(bearer(tokens.accessToken))).statusCode).toBe(401)
    expect((await whoAmI(bearer(await resign({ ...claims, token_use: 'access' })))).statusCode).toBe(401)
  })

  it('refuses an unsigned token (alg none)', async () => {
    const { claims } = await signedInClaims()
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
    expect((await whoAmI(bearer(unsigned))).statusCode).toBe(401)
  })

  it('refuses an expired token (IDP_ID_TOKEN_TTL_SECONDS=120)', async () => {
    const { tokens } = await signedInClaims()
    clock.advance(119_000)
    expect((await whoAmI(bearer(tokens.idToken))).statusCode).toBe(200)
    clock.advance(2_000)
    expect((await whoAmI(bearer(tokens.idToken))).statusCode).toBe(401)
  })

  it('refuses an ID token once its session is revoked (RevokeToken, then GlobalSignOut)', async () => {
    const user = await createConfirmedUser(t.app)
    const first = await signIn(t.app, user.email, user.password)
    const second = await signIn(t.app, user.email, user.password)
    await cognito(t.app, 'RevokeToken', { ClientId: CLIENT_ID, Token: first.refreshToken })
    expect((await whoAmI(bearer(first.idToken))).statusCode).toBe(401)
    expect((await whoAmI(bearer(second.idToken))).statusCode).toBe(200)
    await t.app.idp.globalSignOut(user.sub)
    expect((await whoAmI(bearer(second.idToken))).statusCode).toBe(401)
  })

  it('refuses a validly signed token whose session never existed', async () => {
    const { claims } = await signedInClaims()
    const forged = await resign({ ...claims, origin_jti: '00000000-0000-4000-8000-000000000000' })
    expect((await whoAmI(bearer(forged))).statusCode).toBe(401)
  })
})

describe('signing key', () => {
  it('is kept in the database (server_keys), not in DATA_DIR, and is the same on the next start', async () => {
    const [stored] = await t.app.db.select().from(serverKeys).where(eq(serverKeys.name, SIGNING_KEY_NAME))
    expect(stored?.value).toMatchObject({ kty: 'RSA', n: key.publicJwk.n, e: key.publicJwk.e })
    const dir = mkdtempSync(join(tmpdir(), 'keyway-keys-'))
    try {
      expect((await loadOrCreateSigningKey(t.app.db, dir)).kid).toBe(key.kid)
      expect(readdirSync(dir)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
