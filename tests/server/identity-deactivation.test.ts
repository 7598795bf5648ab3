import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '../../server/db/client'
import { call, callerWith, setStatus as setRowStatus, type Caller } from './accounts-helpers'
import { CLIENT_ID, cognito, latestMail, passwordAuth, testAppForFile } from './identity-helpers'

const t = testAppForFile()
let admin: Caller
beforeAll(async () => {
  admin = await callerWith(t, ['admin'])
})

const disabled = { __type: 'NotAuthorizedException', message: 'User is disabled.' }

const setStatus = (target: Caller, status: 'active' | 'deactivated') =>
  call(t.app, 'PATCH', `/api/admin/users/${target.id}`, {
    as: admin,
    body: status === 'deactivated' ? { status, reason: 'Shared their account.' } : { status },
  })

const refresh = (token: string) =>
  cognito(t.app, 'InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { REFRESH_TOKEN: token },
  })

/** The one-time code of the sign-in link last mailed to `email`. */
async function mailedLinkCode(email: string) {
  await t.app.idp.sendSigninLink(email, 'en')
  const mail = await latestMail(t.app, email)
  return new URL(mail!.data.link!).searchParams.get('signin')!
}

/** CUSTOM_AUTH started and answered with `code`, as the SPA does when a sign-in link is opened. */
async function answerLink(email: string, code: string) {
  const start = await cognito(t.app, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email },
  })
  return cognito(t.app, 'RespondToAuthChallenge', {
    ClientId: CLIENT_ID,
    ChallengeName: 'CUSTOM_CHALLENGE',
    Session: start.body.Session,
    ChallengeResponses: { USERNAME: email, ANSWER: code },
  })
}

describe('a user an admin deactivated, at the identity provider', () => {
  it('cannot sign in with their password: "User is disabled." as Cognito answers', async () => {
    const person = await callerWith(t, ['buyer'])
    expect((await setStatus(person, 'deactivated')).statusCode).toBe(200)
    const answer = await passwordAuth(t.app, person.email, person.password)
    expect([answer.statusCode, answer.body]).toEqual([400, disabled])
  })

  it('still gets "Incorrect username or password." for a wrong password (the status is no free lookup)', async () => {
    const person = await callerWith(t, ['buyer'])
    await setStatus(person, 'deactivated')
    expect((await passwordAuth(t.app, person.email, 'Wr0ng-Password!')).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    })
  })

  it('cannot refresh the session they had open', async () => {
    const person = await callerWith(t, ['buyer'])
    await setStatus(person, 'deactivated')
    expect((await refresh(person.tokens.refreshToken)).body).toEqual(disabled)
  })

  it('cannot use a sign-in link mailed before the deactivation', async () => {
    const person = await callerWith(t, ['buyer'])
    const code = await mailedLinkCode(person.email)
    await setStatus(person, 'deactivated')
    expect((await answerLink(person.email, code)).body).toEqual(disabled)
  })

  it('keeps the API answer 403 account_deactivated for the token they still hold', async () => {
    const person = await callerWith(t, ['buyer'])
    await setStatus(person, 'deactivated')
    const me = await call(t.app, 'GET', '/api/auth/me', { as: person })
    expect([me.statusCode, me.json().code]).toEqual([403, 'account_deactivated'])
  })

  it('signs in, refreshes and follows links again once reactivated', async () => {
    const person = await callerWith(t, ['buyer'])
    await setStatus(person, 'deactivated')
    await setStatus(person, 'active')
    expect((await passwordAuth(t.app, person.email, person.password)).body).toHaveProperty('AuthenticationResult')
    expect((await refresh(person.tokens.refreshToken)).body).toHaveProperty('AuthenticationResult')
    const code = await mailedLinkCode(person.email)
    expect((await answerLink(person.email, code)).body).toHaveProperty('AuthenticationResult')
    expect((await call(t.app, 'GET', '/api/auth/me', { as: person })).statusCode).toBe(200)
  })
})

describe('accounts deactivated before the identity provider mirrored the status', () => {
  it('are disabled there by the migration, so they cannot sign in; active ones still can', async () => {
    const before = await callerWith(t, ['buyer'])
    const active = await callerWith(t, ['buyer'])
    // What a deactivation wrote before 2026-11-26: the account row only.
    await setRowStatus(t, before.id, 'deactivated')
    expect((await passwordAuth(t.app, before.email, before.password)).body).toHaveProperty('AuthenticationResult')

    await t.db.execute(readFileSync(join(MIGRATIONS_FOLDER, '0011_disable_deactivated_identities.sql'), 'utf8'))

    expect((await passwordAuth(t.app, before.email, before.password)).body).toEqual(disabled)
    expect((await refresh(before.tokens.refreshToken)).body).toEqual(disabled)
    expect((await passwordAuth(t.app, active.email, active.password)).body).toHaveProperty('AuthenticationResult')
  })
})
