import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  CLIENT_ID,
  cognito,
  createConfirmedUser,
  fakeClock,
  getUser,
  passwordAuth,
  signIn,
  testAppForFile,
  uniqueEmail,
} from './identity-helpers'

const clock = fakeClock()
const t = testAppForFile({ clock, env: { IDP_ID_TOKEN_TTL_SECONDS: '600' } })

const refresh = (token: string) =>
  cognito(t.app, 'InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { REFRESH_TOKEN: token },
  })

describe('InitiateAuth USER_PASSWORD_AUTH', () => {
  it('answers Bearer tokens with Cognito claims, signed RS256 with a kid the JWKS publishes', async () => {
    const user = await createConfirmedUser(t.app, {
      attributes: { given_name: 'Ana', family_name: 'Pérez' },
      groups: ['buyer', 'originator'],
    })
    const answer = await passwordAuth(t.app, user.email.toUpperCase(), user.password)
    expect(answer.statusCode).toBe(200)
    const result = answer.body.AuthenticationResult as Record<string, unknown>
    expect(answer.body.ChallengeParameters).toEqual({})
    expect(result).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 600, RefreshToken: expect.any(String) })
    expect(answer.body).not.toHaveProperty('NewDeviceMetadata')

    const id = decodeJwt(result.IdToken as string)
    const access = decodeJwt(result.AccessToken as string)
    const iss = `${t.app.config.PUBLIC_URL}/cognito-idp/local_keyway`
    expect(id).toMatchObject({
      sub: user.sub,
      email: user.email,
      email_verified: true,
      'cognito:groups': ['buyer', 'originator'],
      'cognito:username': user.sub,
      given_name: 'Ana',
      family_name: 'Pérez',
      iss,
      aud: CLIENT_ID,
      token_use: 'id',
      origin_jti: expect.any(String),
      jti: expect.any(String),
    })
    expect(id.exp! - id.iat!).toBe(600)
    expect(id.auth_time).toBe(id.iat)
    expect(access).toMatchObject({
      sub: user.sub,
      client_id: CLIENT_ID,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: user.sub,
      origin_jti: id.origin_jti,
      iss,
    })
    expect(access.jti).not.toBe(id.jti)

    const { kid, alg } = decodeProtectedHeader(result.IdToken as string)
    expect(alg).toBe('RS256')
    const jwks = await t.app.inject({ url: '/cognito-idp/local_keyway/.well-known/jwks.json' })
    expect(jwks.json().keys).toEqual([expect.objectContaining({ kid, kty: 'RSA', alg: 'RS256', use: 'sig' })])
    expect(JSON.stringify(jwks.json())).not.toContain('"d"')
    const openid = await t.app.inject({ url: '/cognito-idp/local_keyway/.well-known/openid-configuration' })
    expect(openid.json()).toMatchObject({ issuer: iss, jwks_uri: `${iss}/.well-known/jwks.json` })
  })

  it('answers "Incorrect username or password." alike for a wrong password and an unknown user', async () => {
    const user = await createConfirmedUser(t.app)
    const wrong = await passwordAuth(t.app, user.email, 'Wr0ng-password!')
    const unknown = await passwordAuth(t.app, uniqueEmail('ghost'), 'Wr0ng-password!')
    const expected = {
      statusCode: 400,
      body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    }
    expect(wrong).toEqual(expected)
    expect(unknown).toEqual(expected)
  })

  it('refuses missing parameters, SRP and unknown flows, and another app client', async () => {
    const noPassword = await cognito(t.app, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'a@b.test' },
    })
    expect(noPassword.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter PASSWORD',
    })
    const srp = await cognito(t.app, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: {},
    })
    expect(srp.body.__type).toBe('InvalidParameterException')
    const other = await cognito(t.app, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'someoneelse',
      AuthParameters: {},
    })
    expect(other.body.__type).toBe('ResourceNotFoundException')
  })

  it('refuses a disabled user with "User is disabled." and ends their sessions', async () => {
    const user = await createConfirmedUser(t.app)
    const tokens = await signIn(t.app, user.email, user.password)
    await t.app.idp.disable(user.sub)
    expect((await passwordAuth(t.app, user.email, user.password)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'User is disabled.',
    })
    expect((await refresh(tokens.refreshToken)).body.__type).toBe('NotAuthorizedException')
    await t.app.idp.enable(user.sub)
    await expect(signIn(t.app, user.email, user.password)).resolves.toHaveProperty('idToken')
  })
})

describe('refresh, RevokeToken and GlobalSignOut', () => {
  it('refreshes ID and access tokens for the same session without a new refresh token', async () => {
    const user = await createConfirmedUser(t.app)
    const tokens = await signIn(t.app, user.email, user.password)
    clock.advance(300_000)
    await t.app.idp.setGroups(user.sub, ['admin'])
    const answer = await refresh(tokens.refreshToken)
    expect(answer.statusCode).toBe(200)
    const result = answer.body.AuthenticationResult as Record<string, string>
    expect(result).not.toHaveProperty('RefreshToken')
    const before = decodeJwt(tokens.idToken)
    const after = decodeJwt(result.IdToken!)
    expect(after.origin_jti).toBe(before.origin_jti)
    expect(after.auth_time).toBe(before.auth_time)
    expect(after.iat! - before.iat!).toBeGreaterThanOrEqual(300)
    expect(after['cognito:groups']).toEqual(['admin'])
  })

  it('refuses a made-up refresh token and one past its 30 days', async () => {
    expect((await refresh('not-a-token')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    })
    const user = await createConfirmedUser(t.app)
    const tokens = await signIn(t.app, user.email, user.password)
    clock.advance(30 * 24 * 3600_000 + 1000)
    expect((await refresh(tokens.refreshToken)).body.message).toBe('Invalid Refresh Token')
  })

  it('RevokeToken ends one session: its refresh token and its access token stop working, others go on', async () => {
    const user = await createConfirmedUser(t.app)
    const first = await signIn(t.app, user.email, user.password)
    const second = await signIn(t.app, user.email, user.password)
    const revoked = await cognito(t.app, 'RevokeToken', { ClientId: CLIENT_ID, Token: first.refreshToken })
    expect(revoked).toEqual({ statusCode: 200, body: {} })
    expect((await refresh(first.refreshToken)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    })
    expect((await getUser(t.app, first.accessToken)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    })
    expect((await refresh(second.refreshToken)).statusCode).toBe(200)
    // Revoking again, or a token we never issued, is not an error (the SDK retries on errors).
    expect((await cognito(t.app, 'RevokeToken', { ClientId: CLIENT_ID, Token: first.refreshToken })).statusCode).toBe(
      200,
    )
    expect((await cognito(t.app, 'RevokeToken', { ClientId: CLIENT_ID, Token: 'junk' })).statusCode).toBe(200)
  })

  it('GlobalSignOut ends every session of the user', async () => {
    const user = await createConfirmedUser(t.app)
    const first = await signIn(t.app, user.email, user.password)
    const second = await signIn(t.app, user.email, user.password)
    expect((await cognito(t.app, 'GlobalSignOut', { AccessToken: first.accessToken })).statusCode).toBe(200)
    expect((await refresh(first.refreshToken)).body.__type).toBe('NotAuthorizedException')
    expect((await refresh(second.refreshToken)).body.__type).toBe('NotAuthorizedException')
    expect((await getUser(t.app, second.accessToken)).body.__type).toBe('NotAuthorizedException')
  })
})

describe('protocol', () => {
  it('answers the browser preflight with the headers the SDK sends', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/cognito-idp/',
      headers: {
        origin: t.app.config.PUBLIC_URL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    })
    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe(t.app.config.PUBLIC_URL)
    expect(response.headers['access-control-allow-headers']).toContain('x-amz-target')
  })

  it('answers unknown operations and malformed bodies in Cognito error shape', async () => {
    const unknown = await cognito(t.app, 'AdminDeleteUser', {})
    expect(unknown).toMatchObject({ statusCode: 400, body: { __type: 'UnknownOperationException' } })
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/cognito-idp/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      payload: '{not json',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ __type: 'SerializationException' })
    expect(malformed.headers['content-type']).toContain('application/x-amz-json-1.1')
    const missing = await cognito(t.app, 'GetUser', {})
    expect(missing.body).toEqual({
      __type: 'InvalidParameterException',
      message: 'Missing required parameter AccessToken',
    })
  })
})
