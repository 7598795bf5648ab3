import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { endpoints } from '../../src/contract'
import type { App } from '../../server/app'
import type { Env } from '../../server/config'
import type { IdentityAttributes } from '../../server/identity/types'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

export const DEFAULT_PASSWORD = 'Sup3r-Secret!'
export const CLIENT_ID = 'keywaywebclient'

/** A fresh address per call, so tests sharing a database never collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`

/**
 * A clock tests move by hand: `clock.advance(60_000)` instead of sleeping. Each reading ticks one
 * millisecond, as real time would, so records made one after another still sort in order.
 */
export function fakeClock(start = new Date('2026-11-21T12:00:00Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current++),
    advance(ms: number) {
      current += ms
    },
    set(at: Date) {
      current = at.getTime()
    },
  }
}
export type FakeClock = ReturnType<typeof fakeClock>

export type ClockedTestAppOptions = {
  env?: Env
  /** Drives `app.now()`; the system clock when left out. */
  clock?: FakeClock
  register?: (app: App) => void | Promise<void>
}

/** Like createTestApp, with an injectable clock (`app.now()`). */
export function createClockedTestApp({ env, clock, register }: ClockedTestAppOptions = {}): Promise<TestApp> {
  return createTestApp({ env, register, ...(clock && { now: clock.now }) })
}

/**
 * The one app of a test file: opened in beforeAll, closed in afterAll. Its fields can be read in tests
 * and in later hooks, not while the file is being collected.
 */
export function testAppForFile(options: ClockedTestAppOptions = {}): TestApp {
  let current: TestApp | undefined
  beforeAll(async () => {
    current = await createClockedTestApp(options)
  })
  afterAll(() => current?.close())
  const opened = () => {
    if (!current) throw new Error('The test app opens in beforeAll')
    return current
  }
  return {
    get app() {
      return opened().app
    },
    get db() {
      return opened().db
    },
    get connection() {
      return opened().connection
    },
    close: () => opened().close(),
  }
}

export type CognitoAnswer = { statusCode: number; body: Record<string, unknown> }

export type CognitoCallOptions = {
  headers?: InjectOptions['headers']
  /** The caller's IP: per-address limits count by it, so tests that fail on purpose pick their own. */
  remoteAddress?: string
}

/** One call of the Cognito JSON protocol, as amazon-cognito-identity-js sends it. */
export async function cognito(
  app: App,
  operation: string,
  body: Record<string, unknown>,
  options: CognitoCallOptions = {},
): Promise<CognitoAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/cognito-idp/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...options.headers,
    },
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    payload: JSON.stringify(body),
  })
  return {
    statusCode: response.statusCode,
    body: response.body ? (JSON.parse(response.body) as Record<string, unknown>) : {},
  }
}

/** InitiateAuth USER_PASSWORD_AUTH, answered as it is (tokens, a challenge or an error). */
export const passwordAuth = (app: App, email: string, password: string, remoteAddress?: string) =>
  cognito(
    app,
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: password } },
    remoteAddress ? { remoteAddress } : {},
  )

/** GetUser with an access token, answered as it is. */
export const getUser = (app: App, accessToken: string) => cognito(app, 'GetUser', { AccessToken: accessToken })

/** A confirmed identity that can sign in at once (no users row: the accounts module makes that on first sight). */
export async function createConfirmedUser(
  app: App,
  options: { email?: string; password?: string; attributes?: IdentityAttributes; groups?: string[] } = {},
): Promise<{ sub: string; email: string; password: string }> {
  const email = (options.email ?? uniqueEmail()).toLowerCase()
  const password = options.password ?? DEFAULT_PASSWORD
  const { sub } = await app.idp.adminCreateUser({
    email,
    password,
    attributes: options.attributes ?? { given_name: 'Test', family_name: 'User' },
    confirmed: true,
    ...(options.groups && { groups: options.groups }),
  })
  return { sub, email, password }
}

export type Tokens = { idToken: string; accessToken: string; refreshToken: string; expiresIn: number }

/** USER_PASSWORD_AUTH over the HTTP protocol; throws with Cognito's error when sign-in fails. */
export async function signIn(app: App, email: string, password: string): Promise<Tokens> {
  const answer = await passwordAuth(app, email, password)
  const result = answer.body.AuthenticationResult as
    { IdToken: string; AccessToken: string; RefreshToken: string; ExpiresIn: number } | undefined
  if (answer.statusCode !== 200 || !result)
    throw new Error(`Sign-in failed: ${answer.statusCode} ${JSON.stringify(answer.body)}`)
  return {
    idToken: result.IdToken,
    accessToken: result.AccessToken,
    refreshToken: result.RefreshToken,
    expiresIn: result.ExpiresIn,
  }
}

/** A confirmed user, signed in: the usual start of a test of a private endpoint. */
export async function signedInUser(app: App, options: Parameters<typeof createConfirmedUser>[1] = {}) {
  const user = await createConfirmedUser(app, options)
  const tokens = await signIn(app, user.email, user.password)
  return { ...user, tokens, headers: { authorization: `Bearer ${tokens.idToken}` } }
}

export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` })

/** The newest mail the outbox holds for an address (embedded mode). */
export async function latestMail(app: App, to: string) {
  const { mails } = await client(app).ok(endpoints.devOutbox, { query: { to } })
  return mails[0] ?? null
}
