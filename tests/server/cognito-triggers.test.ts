import { createServer } from 'node:net'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { endpoints } from '../../src/contract'
import { users } from '../../server/db/schema/accounts'
import { mailOutbox } from '../../server/db/schema/mail'
import { createTestApp, type TestApp } from './helpers'

/** The three Lambda triggers of deploy/cognito-triggers/, called with Cognito's event shapes. */
type ChallengeResult = { challengeName: string; challengeResult: boolean; challengeMetadata?: string }
type TriggerEvent = {
  triggerSource: string
  userName: string
  request: Record<string, unknown>
  response: Record<string, unknown>
}
type Trigger = { handler: (event: TriggerEvent) => Promise<TriggerEvent> }

const trigger = (name: string) =>
  import(new URL(`../../deploy/cognito-triggers/${name}.mjs`, import.meta.url).href) as Promise<Trigger>

const event = (triggerSource: string, request: Record<string, unknown>): TriggerEvent => ({
  triggerSource,
  userName: 'pat@example.test',
  request: { userAttributes: { email: 'pat@example.test', email_verified: 'true' }, ...request },
  response: {},
})

const custom = (challengeResult: boolean): ChallengeResult => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult,
  challengeMetadata: 'SIGNIN_LINK',
})

describe('define-auth-challenge', () => {
  const define = (session: ChallengeResult[], extra: Record<string, unknown> = {}) =>
    trigger('define-auth-challenge').then(({ handler }) =>
      handler(event('DefineAuthChallenge_Authentication', { session, ...extra })).then((answer) => answer.response),
    )

  it('asks for the custom challenge first', async () => {
    expect(await define([])).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    })
  })

  it('issues tokens once the last answer was right', async () => {
    expect(await define([custom(true)])).toMatchObject({ issueTokens: true, failAuthentication: false })
    expect(await define([custom(false), custom(true)])).toMatchObject({ issueTokens: true, failAuthentication: false })
  })

  it('asks again after a wrong answer, and fails after three', async () => {
    expect(await define([custom(false), custom(false)])).toMatchObject({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    })
    expect(await define([custom(false), custom(false), custom(false)])).toMatchObject({
      issueTokens: false,
      failAuthentication: true,
    })
  })

  it('fails an unknown user and any other challenge', async () => {
    expect(await define([], { userNotFound: true })).toMatchObject({ issueTokens: false, failAuthentication: true })
    const srp = { challengeName: 'SRP_A', challengeResult: true }
    expect(await define([srp])).toMatchObject({ issueTokens: false, failAuthentication: true })
  })
})

describe('create-auth-challenge', () => {
  it('puts no secret in the challenge', async () => {
    const { handler } = await trigger('create-auth-challenge')
    const answer = await handler(
      event('CreateAuthChallenge_Authentication', { challengeName: 'CUSTOM_CHALLENGE', session: [] }),
    )
    expect(answer.response.privateChallengeParameters).toEqual({})
    expect(answer.response.publicChallengeParameters).toEqual({ kind: 'signin-link' })
  })
})

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('verify-auth-challenge, asking a running app', () => {
  const SECRET = 'trigger-secret-0123456789abcdef0123456789'
  let t: TestApp
  let url: string

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        COGNITO_USER_POOL_ID: 'us-east-1_Test123',
        COGNITO_CLIENT_ID: 'awsclient123',
        COGNITO_REGION: 'us-east-1',
        COGNITO_TRIGGER_SECRET: SECRET,
      },
    })
    await t.db.insert(users).values({ cognitoSub: 'sub-pat', email: 'pat@example.test', firstName: 'Pat' })
    url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterEach(() => vi.unstubAllEnvs())
  afterAll(() => t.close())

  async function mailedCode() {
    await t.app.inject({ method: 'POST', url: endpoints.signinLink.path, payload: { email: 'pat@example.test' } })
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'pat@example.test'), eq(mailOutbox.template, 'signinLink')))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
    return new URL(mail!.data.link!).searchParams.get('signin')!
  }

  const verify = async (challengeAnswer: string) => {
    const { handler } = await trigger('verify-auth-challenge')
    const answer = await handler(
      event('VerifyAuthChallengeResponse_Authentication', { privateChallengeParameters: {}, challengeAnswer }),
    )
    return answer.response.answerCorrect
  }

  it('answers correct for the mailed code, once', async () => {
    vi.stubEnv('KEYWAY_URL', `${url}/`)
    vi.stubEnv('KEYWAY_TRIGGER_SECRET', SECRET)
    const code = await mailedCode()
    expect(await verify('not-the-code')).toBe(false)
    expect(await verify(code)).toBe(true)
    expect(await verify(code)).toBe(false)
  })

  it('answers wrong when the server refuses its secret or cannot be reached', async () => {
    const code = await mailedCode()
    vi.stubEnv('KEYWAY_URL', url)
    vi.stubEnv('KEYWAY_TRIGGER_SECRET', 'not-the-secret')
    expect(await verify(code)).toBe(false)
    vi.stubEnv('KEYWAY_URL', `http://127.0.0.1:${await closedPort()}`)
    vi.stubEnv('KEYWAY_TRIGGER_SECRET', SECRET)
    expect(await verify(code)).toBe(false)
    // Neither spent it.
    vi.stubEnv('KEYWAY_URL', url)
    expect(await verify(code)).toBe(true)
  })
})
