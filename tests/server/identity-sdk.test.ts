import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { totpCode, totpStep } from '../../server/identity/totp'
import { CLIENT_ID, cognito, latestMail, testAppForFile, uniqueEmail } from './identity-helpers'

/**
 * Wire compatibility: the SPA's own SDK, unchanged, against the embedded IdP listening on a real port.
 * If these pass, the browser's sign-up, confirmation, sign-in, refresh and sign-out requests work too.
 */

const t = testAppForFile({ env: { IDP_ALLOW_SELF_SIGNUP: 'true' } })
let pool: CognitoUserPool
const storage = new Map<string, string>()
const memoryStorage: ICognitoStorage = {
  setItem: (key, value) => void storage.set(key, value),
  getItem: (key) => storage.get(key) ?? null,
  removeItem: (key) => void storage.delete(key),
  clear: () => storage.clear(),
}

beforeAll(async () => {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  pool = new CognitoUserPool({
    UserPoolId: 'local_keyway',
    ClientId: CLIENT_ID,
    endpoint: `${address}/cognito-idp/`,
    Storage: memoryStorage,
  })
})

const PASSWORD = 'Sdk-Passw0rd!'

function userFor(email: string) {
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: memoryStorage })
  user.setAuthenticationFlowType('USER_PASSWORD_AUTH')
  return user
}

const signUp = (email: string) =>
  new Promise<{ userSub: string; userConfirmed: boolean }>((resolve, reject) =>
    pool.signUp(
      email,
      PASSWORD,
      [
        new CognitoUserAttribute({ Name: 'email', Value: email }),
        new CognitoUserAttribute({ Name: 'given_name', Value: 'Sam' }),
      ],
      [],
      (error, result) => (error || !result ? reject(error) : resolve(result)),
    ),
  )

const confirm = (user: CognitoUser, code: string) =>
  new Promise<string>((resolve, reject) =>
    user.confirmRegistration(code, true, (error, result: string) => (error ? reject(error) : resolve(result))),
  )

const authenticate = (user: CognitoUser, password: string) =>
  new Promise<CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: user.getUsername(), Password: password }), {
      onSuccess: resolve,
      onFailure: reject,
    }),
  )

const refresh = (user: CognitoUser, session: CognitoUserSession) =>
  new Promise<CognitoUserSession>((resolve, reject) =>
    user.refreshSession(session.getRefreshToken(), (error, next: CognitoUserSession) =>
      error ? reject(error) : resolve(next),
    ),
  )

describe('amazon-cognito-identity-js against the embedded IdP', () => {
  it('signs up, confirms with the mailed code, signs in with USER_PASSWORD_AUTH and refreshes', async () => {
    const email = uniqueEmail('sdk')
    const signedUp = await signUp(email)
    expect(signedUp.userConfirmed).toBe(false)

    const code = (await latestMail(t.app, email))!.data.code!
    const user = userFor(email)
    await expect(confirm(user, code)).resolves.toBe('SUCCESS')

    const session = await authenticate(user, PASSWORD)
    expect(session.isValid()).toBe(true)
    expect(session.getIdToken().payload).toMatchObject({ sub: signedUp.userSub, email, given_name: 'Sam' })
    expect(storage.get(`CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser`)).toBe(email)

    const next = await refresh(user, session)
    expect(next.getIdToken().payload.jti).not.toBe(session.getIdToken().payload.jti)
    expect(next.getIdToken().payload.origin_jti).toBe(session.getIdToken().payload.origin_jti)
    expect(next.getRefreshToken().getToken()).toBe(session.getRefreshToken().getToken())

    const attributes = await new Promise<CognitoUserAttribute[]>((resolve, reject) =>
      user.getUserAttributes((error, result) => (error || !result ? reject(error) : resolve(result))),
    )
    expect(attributes.find((attribute) => attribute.getName() === 'email')?.getValue()).toBe(email)
  })

  it('surfaces Cognito error names as err.code', async () => {
    const email = uniqueEmail('sdk-err')
    await signUp(email)
    await expect(authenticate(userFor(email), PASSWORD)).rejects.toMatchObject({ code: 'UserNotConfirmedException' })
    await expect(signUp(email)).rejects.toMatchObject({ code: 'UsernameExistsException' })
    await expect(authenticate(userFor(uniqueEmail('nobody')), PASSWORD)).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
  })

  it('signs out by revoking the refresh token, after which it no longer refreshes', async () => {
    const email = uniqueEmail('sdk-out')
    await signUp(email)
    const user = userFor(email)
    await confirm(user, (await latestMail(t.app, email))!.data.code!)
    const session = await authenticate(user, PASSWORD)
    await new Promise<void>((resolve, reject) => user.signOut((error?: Error) => (error ? reject(error) : resolve())))
    expect(storage.get(`CognitoIdentityServiceProvider.${CLIENT_ID}.${email}.idToken`)).toBeUndefined()
    // Asked directly: the SDK itself would retry a refused refresh with backoff for several seconds.
    const answer = await cognito(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    })
    expect(answer.body).toEqual({ __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' })
  })

  it('completes an e-mailed sign-in link with CUSTOM_AUTH', async () => {
    const email = uniqueEmail('sdk-link')
    await signUp(email)
    const user = userFor(email)
    await confirm(user, (await latestMail(t.app, email))!.data.code!)
    await t.app.idp.sendSigninLink(email, 'en')
    const code = new URL((await latestMail(t.app, email))!.data.link!).searchParams.get('signin')!

    const linkUser = new CognitoUser({ Username: email, Pool: pool, Storage: memoryStorage })
    linkUser.setAuthenticationFlowType('CUSTOM_AUTH')
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      linkUser.initiateAuth(new AuthenticationDetails({ Username: email }), {
        onSuccess: resolve,
        onFailure: reject,
        customChallenge: () => linkUser.sendCustomChallengeAnswer(code, { onSuccess: resolve, onFailure: reject }),
      }),
    )
    expect(session.getIdToken().payload.email).toBe(email)
  })

  it('enrols TOTP and then answers the SOFTWARE_TOKEN_MFA challenge', async () => {
    const email = uniqueEmail('sdk-mfa')
    await signUp(email)
    const user = userFor(email)
    await confirm(user, (await latestMail(t.app, email))!.data.code!)
    await authenticate(user, PASSWORD)

    const secret = await new Promise<string>((resolve, reject) =>
      user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
    )
    const step = totpStep(new Date())
    await new Promise((resolve, reject) =>
      user.verifySoftwareToken(totpCode(secret, step), 'phone', { onSuccess: resolve, onFailure: reject }),
    )
    await new Promise((resolve, reject) =>
      user.setUserMfaPreference(null, { Enabled: true, PreferredMfa: true }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    )

    const again = userFor(email)
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      again.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), {
        onSuccess: resolve,
        onFailure: reject,
        // The enrolment spent this step's code; the next step's is within the accepted drift.
        totpRequired: () =>
          again.sendMFACode(
            totpCode(secret, step + 1),
            { onSuccess: resolve, onFailure: reject },
            'SOFTWARE_TOKEN_MFA',
          ),
      }),
    )
    expect(session.getIdToken().payload.email).toBe(email)
  })
})
