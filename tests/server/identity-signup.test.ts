import { describe, expect, it } from 'vitest'
import {
  CLIENT_ID,
  DEFAULT_PASSWORD,
  cognito,
  createClockedTestApp,
  fakeClock,
  latestMail,
  passwordAuth,
  signIn,
  testAppForFile,
  uniqueEmail,
} from './identity-helpers'

const clock = fakeClock()
const t = testAppForFile({ clock, env: { IDP_ALLOW_SELF_SIGNUP: 'true' } })

const signUp = (email: string, password = DEFAULT_PASSWORD, extra: Record<string, unknown> = {}) =>
  cognito(t.app, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Ana' },
      { Name: 'family_name', Value: 'Pérez' },
    ],
    ...extra,
  })

describe('invitation-only pool', () => {
  it('refuses public SignUp unless self sign-up is switched on, as an admin-only Cognito pool does', async () => {
    const closed = await createClockedTestApp({ clock })
    try {
      const email = uniqueEmail()
      const answer = await cognito(closed.app, 'SignUp', {
        ClientId: CLIENT_ID,
        Username: email,
        Password: DEFAULT_PASSWORD,
        UserAttributes: [{ Name: 'email', Value: email }],
      })
      expect(answer.statusCode).toBe(400)
      expect(answer.body).toMatchObject({ __type: 'NotAuthorizedException' })
      const outbox = await closed.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })
      expect(outbox.json()).toEqual({ mails: [] })
    } finally {
      await closed.close()
    }
  })
})

describe('SignUp and ConfirmSignUp', () => {
  it('creates an unconfirmed user, mails a 6-digit code and confirms with it', async () => {
    const email = uniqueEmail('signup')
    const answer = await signUp(email)
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toMatchObject({
      UserConfirmed: false,
      UserSub: expect.stringMatching(/^[0-9a-f-]{36}$/),
      CodeDeliveryDetails: {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: expect.stringContaining('***@'),
      },
    })
    const mail = await latestMail(t.app, email)
    expect(mail).toMatchObject({ template: 'signupCode', subject: 'Your Keyway verification code' })
    expect(mail!.data.code).toMatch(/^\d{6}$/)
    expect(mail!.text).toContain(mail!.data.code)
    expect(mail!.text).toContain('Hi Ana,')

    const early = await passwordAuth(t.app, email, DEFAULT_PASSWORD)
    expect(early.body).toMatchObject({ __type: 'UserNotConfirmedException', message: 'User is not confirmed.' })

    const confirmed = await cognito(t.app, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: email.toUpperCase(),
      ConfirmationCode: mail!.data.code,
    })
    expect(confirmed).toEqual({ statusCode: 200, body: {} })
    await expect(signIn(t.app, email, DEFAULT_PASSWORD)).resolves.toHaveProperty('idToken')
  })

  it('mails the code in Spanish to a caller whose browser asks for Spanish', async () => {
    const email = uniqueEmail('es')
    await cognito(
      t.app,
      'SignUp',
      { ClientId: CLIENT_ID, Username: email, Password: DEFAULT_PASSWORD },
      { headers: { 'accept-language': 'es-MX,es;q=0.9' } },
    )
    const mail = await latestMail(t.app, email)
    expect(mail!.subject).toBe('Tu código de verificación de Keyway')
    expect(mail!.text).toContain('Hola:')
  })

  it('answers UsernameExistsException for a taken address, whatever its case', async () => {
    const email = uniqueEmail('taken')
    await signUp(email)
    const again = await signUp(email.toUpperCase())
    expect(again).toEqual({
      statusCode: 400,
      body: { __type: 'UsernameExistsException', message: 'An account with the given email already exists.' },
    })
  })

  it.each([
    ['short1!A', null],
    ['Short1!', 'Password not long enough'],
    ['lower-only-1!', 'Password must have uppercase characters'],
    ['UPPER-ONLY-1!', 'Password must have lowercase characters'],
    ['NoNumbers!!', 'Password must have numeric characters'],
    ['NoSymbols123', 'Password must have symbol characters'],
  ])('applies the password policy to %s', async (password, rule) => {
    const answer = await signUp(uniqueEmail('policy'), password)
    if (rule === null) expect(answer.statusCode).toBe(200)
    else
      expect(answer.body).toEqual({
        __type: 'InvalidPasswordException',
        message: `Password did not conform with policy: ${rule}`,
      })
  })

  it('refuses a username that is not an email and attributes outside the pool schema', async () => {
    expect((await signUp('not-an-email')).body).toMatchObject({ __type: 'InvalidParameterException' })
    const odd = await signUp(uniqueEmail('odd'), DEFAULT_PASSWORD, {
      UserAttributes: [{ Name: 'custom:tier', Value: 'gold' }],
    })
    expect(odd.body).toMatchObject({
      __type: 'InvalidParameterException',
      message: expect.stringContaining('custom:tier'),
    })
  })

  it('answers CodeMismatchException for a wrong code, then LimitExceededException, then ExpiredCodeException', async () => {
    const email = uniqueEmail('wrong-code')
    await signUp(email)
    const code = (await latestMail(t.app, email))!.data.code!
    const wrong = code === '000000' ? '111111' : '000000'
    const confirm = (value: string) =>
      cognito(
        t.app,
        'ConfirmSignUp',
        { ClientId: CLIENT_ID, Username: email, ConfirmationCode: value },
        { remoteAddress: '10.0.0.2' },
      )
    for (let attempt = 1; attempt < 5; attempt++) {
      expect((await confirm(wrong)).body.__type).toBe('CodeMismatchException')
    }
    expect((await confirm(wrong)).body.__type).toBe('LimitExceededException')
    // The code is spent: even the right one no longer works.
    expect((await confirm(code)).body.__type).toBe('ExpiredCodeException')
  })

  it('expires sign-up codes after 24 hours; ResendConfirmationCode mails a fresh one', async () => {
    const email = uniqueEmail('expiry')
    await signUp(email)
    const first = (await latestMail(t.app, email))!.data.code!
    clock.advance(24 * 3600_000 + 1000)
    const late = await cognito(t.app, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: first,
    })
    expect(late.body).toMatchObject({ __type: 'ExpiredCodeException' })

    const resent = await cognito(t.app, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username: email })
    expect(resent.body).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } })
    const second = (await latestMail(t.app, email))!.data.code!
    const ok = await cognito(t.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: second })
    expect(ok.statusCode).toBe(200)

    const already = await cognito(t.app, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: second,
    })
    expect(already.body).toMatchObject({ __type: 'NotAuthorizedException' })
    const resendConfirmed = await cognito(t.app, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username: email })
    expect(resendConfirmed.body).toMatchObject({
      __type: 'InvalidParameterException',
      message: 'User is already confirmed.',
    })
  })

  it('does not reveal unknown addresses: resend succeeds without mail, confirm looks like a spent code', async () => {
    const email = uniqueEmail('ghost')
    const resend = await cognito(t.app, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username: email })
    expect(resend.statusCode).toBe(200)
    expect(await latestMail(t.app, email)).toBeNull()
    const confirm = await cognito(t.app, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: '123456',
    })
    expect(confirm.body).toMatchObject({ __type: 'ExpiredCodeException' })
  })
})

describe('ForgotPassword and ConfirmForgotPassword', () => {
  async function confirmedUser() {
    const email = uniqueEmail('forgot')
    await signUp(email)
    const code = (await latestMail(t.app, email))!.data.code!
    await cognito(t.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code })
    return email
  }

  it('mails a code and a reset link; the new password works, the old one and old sessions do not', async () => {
    const email = await confirmedUser()
    const before = await signIn(t.app, email, DEFAULT_PASSWORD)
    const answer = await cognito(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: email })
    expect(answer.body).toMatchObject({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL' } })
    const mail = (await latestMail(t.app, email))!
    expect(mail.template).toBe('passwordReset')
    const url = new URL(mail.data.link!)
    expect(url.pathname).toBe('/reset-password')
    expect(url.searchParams.get('email')).toBe(email)
    expect(url.searchParams.get('code')).toBe(mail.data.code)

    const weak = await cognito(t.app, 'ConfirmForgotPassword', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: mail.data.code,
      Password: 'weak',
    })
    expect(weak.body).toMatchObject({ __type: 'InvalidPasswordException' })

    const done = await cognito(t.app, 'ConfirmForgotPassword', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: mail.data.code,
      Password: 'N3w-Passw0rd!',
    })
    expect(done).toEqual({ statusCode: 200, body: {} })
    await expect(signIn(t.app, email, DEFAULT_PASSWORD)).rejects.toThrow(/NotAuthorizedException/)
    await expect(signIn(t.app, email, 'N3w-Passw0rd!')).resolves.toHaveProperty('idToken')
    const refresh = await cognito(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: before.refreshToken },
    })
    expect(refresh.body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' })
  })

  it('expires reset codes after an hour', async () => {
    const email = await confirmedUser()
    await cognito(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: email })
    const code = (await latestMail(t.app, email))!.data.code
    clock.advance(3600_000 + 1000)
    const late = await cognito(t.app, 'ConfirmForgotPassword', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: code,
      Password: 'N3w-Passw0rd!',
    })
    expect(late.body).toMatchObject({ __type: 'ExpiredCodeException' })
  })

  it('answers an unknown address like a known one and mails nothing', async () => {
    const email = uniqueEmail('nobody')
    const answer = await cognito(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: email })
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } })
    expect(await latestMail(t.app, email)).toBeNull()
  })

  it('limits how many mails one account can be sent', async () => {
    const email = await confirmedUser()
    const ask = () =>
      cognito(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: email }, { remoteAddress: '10.0.0.9' })
    // The sign-up code was the first of five mails this account may receive in 15 minutes.
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await ask()).body.__type)
    expect(answers).toEqual([undefined, undefined, undefined, undefined, 'LimitExceededException'])
    clock.advance(15 * 60_000)
    expect((await ask()).statusCode).toBe(200)
  })
})
