import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { totpCode, totpStep } from '../../server/identity/totp'
import {
  CLIENT_ID,
  cognito,
  createConfirmedUser,
  fakeClock,
  getUser,
  latestMail,
  passwordAuth,
  signIn,
  testAppForFile,
  uniqueEmail,
} from './identity-helpers'

const clock = fakeClock()
const t = testAppForFile({ clock, env: { IDP_ID_TOKEN_TTL_SECONDS: '600' } })

describe('RespondToAuthChallenge', () => {
  it('NEW_PASSWORD_REQUIRED: a temporary password must be replaced before tokens are issued', async () => {
    const email = uniqueEmail('temp')
    await t.app.idp.adminCreateUser({
      email,
      password: 'Temp-0nly!',
      attributes: { given_name: 'Tem' },
      confirmed: true,
      temporary: true,
    })
    const answer = await passwordAuth(t.app, email, 'Temp-0nly!')
    expect(answer.body).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: expect.any(String) })
    const parameters = answer.body.ChallengeParameters as Record<string, string>
    expect(JSON.parse(parameters.userAttributes!)).toEqual({ email, given_name: 'Tem' })
    expect(JSON.parse(parameters.requiredAttributes!)).toEqual([])

    const respond = (password: string) =>
      cognito(t.app, 'RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: answer.body.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password, 'userAttributes.family_name': 'Porary' },
      })
    expect((await respond('weak')).body.__type).toBe('InvalidPasswordException')
    const done = await respond('Perm-An3nt!')
    expect(done.body).toMatchObject({ AuthenticationResult: { IdToken: expect.any(String) } })
    const id = decodeJwt((done.body.AuthenticationResult as { IdToken: string }).IdToken)
    expect(id.family_name).toBe('Porary')
    await expect(signIn(t.app, email, 'Perm-An3nt!')).resolves.toHaveProperty('idToken')
  })

  it('refuses a forged or expired session', async () => {
    const forged = await cognito(t.app, 'RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: 'forged',
      ChallengeResponses: { USERNAME: 'a@b.test', ANSWER: '123456' },
    })
    expect(forged.body).toMatchObject({ __type: 'NotAuthorizedException' })
    const user = await createConfirmedUser(t.app)
    const start = await cognito(t.app, 'InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: user.email },
    })
    clock.advance(6 * 60_000)
    const late = await cognito(t.app, 'RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: start.body.Session,
      ChallengeResponses: { USERNAME: user.email, ANSWER: '123456' },
    })
    expect(late.body).toMatchObject({ __type: 'NotAuthorizedException' })
  })

  it('CUSTOM_AUTH: the code of an e-mailed sign-in link signs in once and expires after 15 minutes', async () => {
    const user = await createConfirmedUser(t.app)
    await t.app.idp.sendSigninLink(user.email, 'es')
    const mail = (await latestMail(t.app, user.email))!
    expect(mail.template).toBe('signinLink')
    expect(mail.subject).toBe('Tu enlace para iniciar sesión en Keyway')
    const link = new URL(mail.data.link!)
    expect(link.pathname).toBe('/auth')
    expect(link.searchParams.get('email')).toBe(user.email)
    const code = link.searchParams.get('signin')!
    expect(code).toMatch(/^\d{6}$/)

    const answerWith = async (answer: string) => {
      const start = await cognito(t.app, 'InitiateAuth', {
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { USERNAME: user.email },
      })
      expect(start.body).toMatchObject({
        ChallengeName: 'CUSTOM_CHALLENGE',
        ChallengeParameters: { USERNAME: user.email },
      })
      return cognito(t.app, 'RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: start.body.Session,
        ChallengeResponses: { USERNAME: user.email, ANSWER: answer },
      })
    }
    expect((await answerWith(code === '000000' ? '111111' : '000000')).body.__type).toBe('CodeMismatchException')
    const ok = await answerWith(code)
    expect(ok.body).toMatchObject({ AuthenticationResult: { RefreshToken: expect.any(String) } })
    expect((await answerWith(code)).body.__type).toBe('ExpiredCodeException')

    await t.app.idp.sendSigninLink(user.email, 'en')
    const next = new URL((await latestMail(t.app, user.email))!.data.link!).searchParams.get('signin')!
    clock.advance(15 * 60_000 + 1000)
    expect((await answerWith(next)).body.__type).toBe('ExpiredCodeException')
  })

  it('CUSTOM_AUTH: an unknown or unconfirmed address gets a challenge that cannot be answered, and no mail', async () => {
    const email = uniqueEmail('nolink')
    await t.app.idp.sendSigninLink(email, 'en')
    expect(await latestMail(t.app, email)).toBeNull()
    const start = await cognito(t.app, 'InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: email },
    })
    expect(start.body.ChallengeName).toBe('CUSTOM_CHALLENGE')
    const answer = await cognito(t.app, 'RespondToAuthChallenge', {
      ClientId: CLIENT_ID,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: start.body.Session,
      ChallengeResponses: { USERNAME: email, ANSWER: '123456' },
    })
    expect(answer.body.__type).toBe('ExpiredCodeException')
  })

  it('SOFTWARE_TOKEN_MFA: a user who enabled TOTP must answer a fresh code after the password', async () => {
    const user = await createConfirmedUser(t.app)
    const tokens = await signIn(t.app, user.email, user.password)
    const associate = await cognito(t.app, 'AssociateSoftwareToken', { AccessToken: tokens.accessToken })
    const secret = associate.body.SecretCode as string
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)

    const cannotYet = await cognito(t.app, 'SetUserMFAPreference', {
      AccessToken: tokens.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    })
    expect(cannotYet.body.__type).toBe('InvalidParameterException')
    const mismatch = await cognito(t.app, 'VerifySoftwareToken', {
      AccessToken: tokens.accessToken,
      UserCode: '000000',
    })
    expect(mismatch.body).toEqual({ __type: 'EnableSoftwareTokenMFAException', message: 'Code mismatch' })
    const verified = await cognito(t.app, 'VerifySoftwareToken', {
      AccessToken: tokens.accessToken,
      UserCode: totpCode(secret, totpStep(clock.now())),
      FriendlyDeviceName: 'phone',
    })
    expect(verified.body).toEqual({ Status: 'SUCCESS' })
    const enabled = await cognito(t.app, 'SetUserMFAPreference', {
      AccessToken: tokens.accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    })
    expect(enabled.statusCode).toBe(200)
    expect((await getUser(t.app, tokens.accessToken)).body).toMatchObject({
      UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    })

    clock.advance(60_000)
    const challenge = await passwordAuth(t.app, user.email, user.password)
    expect(challenge.body).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: expect.any(String) })
    const respond = (code: string) =>
      cognito(t.app, 'RespondToAuthChallenge', {
        ClientId: CLIENT_ID,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: code },
      })
    const current = totpCode(secret, totpStep(clock.now()))
    expect((await respond(current === '000000' ? '111111' : '000000')).body.__type).toBe('CodeMismatchException')
    expect((await respond(current)).body).toMatchObject({ AuthenticationResult: { IdToken: expect.any(String) } })
    // The same code cannot be replayed within its 30-second window.
    expect((await respond(current)).body.__type).toBe('CodeMismatchException')
  })
})
