import { http, HttpResponse } from 'msw'
import { server } from './msw'

/*
 * A fake Cognito user pool for SPA tests: answers the JSON protocol of PROTOCOLS.md at `/cognito-idp/`
 * (what amazon-cognito-identity-js sends), with unsigned JWTs whose claims the SPA reads.
 */

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

export function makeJwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'RS256', kid: 'test' })}.${b64url(claims)}.c2lnbmF0dXJl`
}

export type FakeUser = {
  email: string
  password: string
  sub: string
  groups?: string[]
  confirmed?: boolean
  /** The next password sign-in answers this challenge first. */
  challenge?: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'MFA_SETUP'
}

type Call = { operation: string; body: Record<string, unknown> }

const cognitoError = (type: string, message: string, status = 400) =>
  HttpResponse.json({ __type: type, message }, { status })

export function fakeIdp({ users = [], ttlSeconds = 3600 }: { users?: FakeUser[]; ttlSeconds?: number } = {}) {
  const byEmail = new Map(users.map((user) => [user.email, { ...user }]))
  const refreshTokens = new Map<string, string>()
  const signInCodes = new Map<string, string>()
  const calls: Call[] = []
  let issued = 0
  const state = { ttlSeconds, refreshFails: null as null | { type: string; message: string } }

  function tokens(user: FakeUser, withRefresh = true) {
    issued += 1
    const now = Math.floor(Date.now() / 1000)
    const base = { sub: user.sub, iat: now, exp: now + state.ttlSeconds, auth_time: now, jti: `j${issued}` }
    const result: Record<string, unknown> = {
      IdToken: makeJwt({
        ...base,
        email: user.email,
        email_verified: true,
        'cognito:username': user.email,
        ...(user.groups ? { 'cognito:groups': user.groups } : {}),
        token_use: 'id',
      }),
      AccessToken: makeJwt({ ...base, username: user.email, token_use: 'access', origin_jti: `o${issued}` }),
      ExpiresIn: state.ttlSeconds,
      TokenType: 'Bearer',
    }
    if (withRefresh) {
      const refresh = `refresh-${user.sub}-${issued}`
      refreshTokens.set(refresh, user.email)
      result.RefreshToken = refresh
    }
    return { ChallengeParameters: {}, AuthenticationResult: result }
  }

  const handler = http.post('/cognito-idp/', async ({ request }) => {
    const operation = (request.headers.get('X-Amz-Target') ?? '').split('.').pop() ?? ''
    // Every field the fake reads is a string (or a string map), per the protocol.
    const body = (await request.json()) as Record<string, string> & {
      AuthParameters?: Record<string, string>
      ChallengeResponses?: Record<string, string>
    }
    calls.push({ operation, body })
    const params = body.AuthParameters ?? body.ChallengeResponses ?? {}
    const user = byEmail.get(params.USERNAME ?? body.Username ?? '')

    switch (operation) {
      case 'InitiateAuth': {
        if (body.AuthFlow === 'REFRESH_TOKEN_AUTH') {
          if (state.refreshFails) return cognitoError(state.refreshFails.type, state.refreshFails.message)
          const email = refreshTokens.get(params.REFRESH_TOKEN ?? '')
          const owner = email ? byEmail.get(email) : undefined
          if (!owner) return cognitoError('NotAuthorizedException', 'Invalid Refresh Token')
          return HttpResponse.json(tokens(owner, false))
        }
        if (!user) return cognitoError('NotAuthorizedException', 'Incorrect username or password.')
        if (body.AuthFlow === 'CUSTOM_AUTH') {
          return HttpResponse.json({ ChallengeName: 'CUSTOM_CHALLENGE', Session: 's-custom', ChallengeParameters: {} })
        }
        if (user.password !== params.PASSWORD)
          return cognitoError('NotAuthorizedException', 'Incorrect username or password.')
        if (user.confirmed === false) return cognitoError('UserNotConfirmedException', 'User is not confirmed.')
        if (user.challenge) {
          const name = user.challenge
          return HttpResponse.json({
            ChallengeName: name,
            Session: `s-${name}`,
            ChallengeParameters:
              name === 'NEW_PASSWORD_REQUIRED' ? { userAttributes: '{}', requiredAttributes: '[]' } : {},
          })
        }
        return HttpResponse.json(tokens(user))
      }
      case 'RespondToAuthChallenge': {
        if (!user) return cognitoError('NotAuthorizedException', 'Invalid session for the user.')
        if (body.ChallengeName === 'CUSTOM_CHALLENGE') {
          if (signInCodes.get(user.email) !== params.ANSWER) {
            return cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.')
          }
          signInCodes.delete(user.email)
          return HttpResponse.json(tokens(user))
        }
        if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED') user.password = params.NEW_PASSWORD ?? ''
        if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA' && params.SOFTWARE_TOKEN_MFA_CODE !== '123456') {
          return cognitoError('CodeMismatchException', 'Invalid code received for user')
        }
        user.challenge = undefined
        return HttpResponse.json(tokens(user))
      }
      case 'VerifyUserAttribute':
        if (body.Code !== '123456') {
          return cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.')
        }
        return HttpResponse.json({})
      case 'UpdateUserAttributes':
        return HttpResponse.json({
          CodeDeliveryDetailsList: [{ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@e***' }],
        })
      case 'GetUser':
        return HttpResponse.json({ Username: 'user', UserAttributes: [] })
      case 'RevokeToken':
        refreshTokens.delete(body.Token ?? '')
        return HttpResponse.json({})
      case 'ConfirmSignUp':
        if (!user) return cognitoError('UserNotFoundException', 'Username/client id combination not found.')
        if (body.ConfirmationCode !== '123456')
          return cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.')
        user.confirmed = true
        return HttpResponse.json({})
      case 'ForgotPassword':
      case 'ResendConfirmationCode':
        return HttpResponse.json({
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'u***@e***' },
        })
      case 'ConfirmForgotPassword':
        if (body.ConfirmationCode === '000000') {
          return cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.')
        }
        if (body.ConfirmationCode === '999999') return cognitoError('InternalErrorException', 'Internal error', 500)
        if (body.ConfirmationCode !== '123456') {
          return cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.')
        }
        if (user) user.password = body.Password ?? ''
        return HttpResponse.json({})
      default:
        return cognitoError('InvalidParameterException', `Unsupported ${operation}`)
    }
  })
  server.use(handler)

  return {
    calls,
    operations: () => calls.map((call) => call.operation),
    /** The code the e-mailed sign-in link carries. */
    issueSignInCode: (email: string, code: string) => void signInCodes.set(email, code),
    revokeAll: () => refreshTokens.clear(),
    failRefresh: (type: string, message: string) => {
      state.refreshFails = { type, message }
    },
    setTtl: (seconds: number) => {
      state.ttlSeconds = seconds
    },
    user: (email: string) => byEmail.get(email),
  }
}
export type FakeIdp = ReturnType<typeof fakeIdp>
