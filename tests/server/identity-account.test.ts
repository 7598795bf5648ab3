import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../server/http/errors'
import {
  DEFAULT_PASSWORD,
  cognito,
  createConfirmedUser,
  getUser,
  latestMail,
  passwordAuth,
  signIn,
  testAppForFile,
  uniqueEmail,
} from './identity-helpers'

const t = testAppForFile()

async function signedIn(attributes = { given_name: 'Ana', family_name: 'Pérez' }) {
  const user = await createConfirmedUser(t.app, { attributes })
  return { ...user, tokens: await signIn(t.app, user.email, user.password) }
}

describe('account operations with an access token', () => {
  it('GetUser lists the attributes, sub first', async () => {
    const user = await signedIn()
    const answer = await getUser(t.app, user.tokens.accessToken)
    expect(answer.body).toEqual({
      Username: user.sub,
      UserAttributes: [
        { Name: 'sub', Value: user.sub },
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: 'Ana' },
        { Name: 'family_name', Value: 'Pérez' },
      ],
      MFAOptions: [],
    })
    expect((await getUser(t.app, user.tokens.idToken)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid Access Token',
    })
  })

  it('ChangePassword needs the current password and the policy', async () => {
    const user = await signedIn()
    const change = (previous: string, proposed: string) =>
      cognito(t.app, 'ChangePassword', {
        AccessToken: user.tokens.accessToken,
        PreviousPassword: previous,
        ProposedPassword: proposed,
      })
    expect((await change('Wr0ng-pass!', 'N3w-Passw0rd!')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
    expect((await change(DEFAULT_PASSWORD, 'nouppercase1!')).body.__type).toBe('InvalidPasswordException')
    expect(await change(DEFAULT_PASSWORD, 'N3w-Passw0rd!')).toEqual({ statusCode: 200, body: {} })
    await expect(signIn(t.app, user.email, 'N3w-Passw0rd!')).resolves.toHaveProperty('idToken')
  })

  it('UpdateUserAttributes changes names and phone at once, in E.164', async () => {
    const user = await signedIn()
    const answer = await cognito(t.app, 'UpdateUserAttributes', {
      AccessToken: user.tokens.accessToken,
      UserAttributes: [
        { Name: 'given_name', Value: 'Ana María' },
        { Name: 'phone_number', Value: '(555) 201-0199' },
      ],
    })
    expect(answer).toEqual({ statusCode: 200, body: {} })
    const refreshed = await signIn(t.app, user.email, user.password)
    expect(decodeJwt(refreshed.idToken)).toMatchObject({ given_name: 'Ana María', phone_number: '+15552010199' })
    const bad = await cognito(t.app, 'UpdateUserAttributes', {
      AccessToken: user.tokens.accessToken,
      UserAttributes: [{ Name: 'phone_number', Value: '12' }],
    })
    expect(bad.body).toEqual({ __type: 'InvalidParameterException', message: 'Invalid phone number format.' })
  })

  it('a new e-mail waits for the code mailed to it; the old one signs in until then', async () => {
    const user = await signedIn()
    const newEmail = uniqueEmail('moved')
    const answer = await cognito(t.app, 'UpdateUserAttributes', {
      AccessToken: user.tokens.accessToken,
      UserAttributes: [{ Name: 'email', Value: newEmail }],
    })
    expect(answer.body).toMatchObject({
      CodeDeliveryDetailsList: [{ AttributeName: 'email', DeliveryMedium: 'EMAIL' }],
    })
    const mail = (await latestMail(t.app, newEmail))!
    expect(mail.template).toBe('emailChangeCode')
    expect(await latestMail(t.app, user.email)).toBeNull()
    await expect(signIn(t.app, user.email, user.password)).resolves.toHaveProperty('idToken')

    const verify = (code: string) =>
      cognito(t.app, 'VerifyUserAttribute', {
        AccessToken: user.tokens.accessToken,
        AttributeName: 'email',
        Code: code,
      })
    expect((await verify(mail.data.code === '000000' ? '111111' : '000000')).body.__type).toBe('CodeMismatchException')

    const resent = await cognito(t.app, 'GetUserAttributeVerificationCode', {
      AccessToken: user.tokens.accessToken,
      AttributeName: 'email',
    })
    expect(resent.body).toMatchObject({ CodeDeliveryDetails: { AttributeName: 'email' } })
    const code = (await latestMail(t.app, newEmail))!.data.code!
    expect(await verify(code)).toEqual({ statusCode: 200, body: {} })

    await expect(signIn(t.app, user.email, user.password)).rejects.toThrow(/NotAuthorizedException/)
    const tokens = await signIn(t.app, newEmail, user.password)
    expect(decodeJwt(tokens.idToken)).toMatchObject({ sub: user.sub, email: newEmail, email_verified: true })
    expect((await t.app.idp.findByEmail(newEmail))?.sub).toBe(user.sub)
  })

  it('refuses an e-mail another account uses', async () => {
    const user = await signedIn()
    const other = await createConfirmedUser(t.app)
    const answer = await cognito(t.app, 'UpdateUserAttributes', {
      AccessToken: user.tokens.accessToken,
      UserAttributes: [
        { Name: 'given_name', Value: 'Changed' },
        { Name: 'email', Value: other.email },
      ],
    })
    expect(answer.body).toEqual({
      __type: 'AliasExistsException',
      message: 'An account with the given email already exists.',
    })
    // Nothing of the refused request was applied.
    expect((await t.app.idp.findBySub(user.sub))?.attributes.given_name).toBe('Ana')
  })
})

describe('app.idp', () => {
  it('signUp creates an unconfirmed identity and mails the code in the given language', async () => {
    const email = uniqueEmail('idp')
    const result = await t.app.idp.signUp({
      email,
      password: DEFAULT_PASSWORD,
      attributes: { given_name: 'Luis', family_name: 'Gómez', phone_number: '5552010199', locale: 'es' },
      language: 'es',
    })
    expect(result).toEqual({
      sub: expect.any(String),
      userConfirmed: false,
      codeDestination: expect.stringContaining('***'),
    })
    expect(await t.app.idp.findBySub(result.sub)).toMatchObject({
      email,
      status: 'UNCONFIRMED',
      emailVerified: false,
      attributes: { given_name: 'Luis', family_name: 'Gómez', phone_number: '+15552010199', locale: 'es' },
    })
    const mail = (await latestMail(t.app, email))!
    expect(mail.text).toContain('Hola, Luis:')
  })

  it('signUp throws 409 username_exists and 400 invalid_password with translated field messages', async () => {
    const existing = await createConfirmedUser(t.app)
    const taken = await t.app.idp
      .signUp({ email: existing.email, password: DEFAULT_PASSWORD, attributes: {}, language: 'es' })
      .catch((error: unknown) => error)
    expect(taken).toBeInstanceOf(AppError)
    expect(taken).toMatchObject({
      statusCode: 409,
      code: 'username_exists',
      details: { fields: { email: expect.stringContaining('Ya existe una cuenta') } },
    })
    const weak = await t.app.idp
      .signUp({ email: uniqueEmail('weak'), password: 'alllowercase1!', attributes: {}, language: 'en' })
      .catch((error: unknown) => error)
    expect(weak).toMatchObject({
      statusCode: 400,
      code: 'invalid_password',
      details: { fields: { password: 'Password must contain an uppercase letter.' } },
    })
  })

  it('joins a caller transaction: when the caller rolls back, no identity and no mail remain', async () => {
    const email = uniqueEmail('rollback')
    await t.db
      .transaction(async (tx) => {
        await t.app.idp.signUp({ email, password: DEFAULT_PASSWORD, attributes: {}, language: 'en' }, { db: tx })
        throw new Error('the caller changed its mind')
      })
      .catch(() => undefined)
    expect(await t.app.idp.findByEmail(email)).toBeNull()
    expect(await latestMail(t.app, email)).toBeNull()
  })

  it('setGroups mirrors roles into cognito:groups; findByEmail ignores case', async () => {
    const user = await createConfirmedUser(t.app)
    await t.app.idp.setGroups(user.sub, ['buyer', 'originator', 'buyer'])
    const tokens = await signIn(t.app, user.email, user.password)
    expect(decodeJwt(tokens.idToken)['cognito:groups']).toEqual(['buyer', 'originator'])
    expect((await t.app.idp.findByEmail(user.email.toUpperCase()))?.groups).toEqual(['buyer', 'originator'])
    expect(await t.app.idp.findBySub('not-a-uuid')).toBeNull()
  })

  it('adminCreateUser with a temporary password leads to NEW_PASSWORD_REQUIRED', async () => {
    const email = uniqueEmail('temporary')
    await t.app.idp.adminCreateUser({ email, password: 'whatever', attributes: {}, confirmed: true, temporary: true })
    const answer = await passwordAuth(t.app, email, 'whatever')
    expect(answer.body.ChallengeName).toBe('NEW_PASSWORD_REQUIRED')
  })
})
