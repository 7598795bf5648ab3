import { describe, expect, it } from 'vitest'
import { lockMs } from '../../server/identity/throttle'
import {
  CLIENT_ID,
  cognito,
  createConfirmedUser,
  fakeClock,
  passwordAuth,
  testAppForFile,
  uniqueEmail,
} from './identity-helpers'

const clock = fakeClock()
const t = testAppForFile({ clock })

let addressCounter = 0
/** Each test signs in from its own address, so per-address counts do not leak between tests. */
const nextAddress = () => `198.51.100.${++addressCounter}`

async function attempt(email: string, password: string, remoteAddress: string) {
  const answer = await passwordAuth(t.app, email, password, remoteAddress)
  return answer.statusCode === 200 ? 'ok' : `${answer.body.__type as string}: ${answer.body.message as string}`
}

const WRONG = 'NotAuthorizedException: Incorrect username or password.'
const LOCKED = 'NotAuthorizedException: Password attempts exceeded'

describe('per-account lockout', () => {
  it('locks after the fifth failure for 2^(n-5) seconds, capped at 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 10, 14, 15, 40].map(lockMs)).toEqual([
      0, 0, 1000, 2000, 4000, 32_000, 512_000, 900_000, 900_000,
    ])
  })

  it('refuses even the right password while locked, without extending the lock, and resets on success', async () => {
    const user = await createConfirmedUser(t.app)
    const address = nextAddress()
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, 'Wr0ng-pass!', address)).toBe(WRONG)
    // Fifth failure: 1 s lock.
    expect(await attempt(user.email, 'Wr0ng-pass!', address)).toBe(WRONG)
    expect(await attempt(user.email, user.password, address)).toBe(LOCKED)
    clock.advance(1000)
    // Sixth failure: 2 s lock; attempts during it are refused and do not push it back.
    expect(await attempt(user.email, 'Wr0ng-pass!', address)).toBe(WRONG)
    clock.advance(1000)
    expect(await attempt(user.email, 'Wr0ng-pass!', address)).toBe(LOCKED)
    expect(await attempt(user.email, user.password, address)).toBe(LOCKED)
    clock.advance(1000)
    expect(await attempt(user.email, user.password, address)).toBe('ok')
    // Success reset the count: four more failures lock nothing.
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, 'Wr0ng-pass!', address)).toBe(WRONG)
    expect(await attempt(user.email, user.password, address)).toBe('ok')
  })

  it('forgets failures after 15 quiet minutes', async () => {
    const user = await createConfirmedUser(t.app)
    const address = nextAddress()
    for (let i = 0; i < 4; i++) expect(await attempt(user.email, 'Wr0ng-pass!', address)).toBe(WRONG)
    clock.advance(15 * 60_000)
    expect(await attempt(user.email, 'Wr0ng-pass!', address)).toBe(WRONG)
    // Had the count survived, this would be the sixth failure and locked.
    expect(await attempt(user.email, user.password, address)).toBe('ok')
  })

  it('locks unknown usernames the same way, so lockouts do not reveal who has an account', async () => {
    const email = uniqueEmail('ghost')
    const address = nextAddress()
    for (let i = 0; i < 5; i++) expect(await attempt(email, 'Wr0ng-pass!', address)).toBe(WRONG)
    expect(await attempt(email, 'Wr0ng-pass!', address)).toBe(LOCKED)
  })

  it('counts wrong current passwords in ChangePassword too', async () => {
    const user = await createConfirmedUser(t.app)
    const address = nextAddress()
    const signIn = await passwordAuth(t.app, user.email, user.password, address)
    const accessToken = (signIn.body.AuthenticationResult as { AccessToken: string }).AccessToken
    const change = (previous: string) =>
      cognito(
        t.app,
        'ChangePassword',
        { AccessToken: accessToken, PreviousPassword: previous, ProposedPassword: 'An0ther-pass!' },
        { remoteAddress: address },
      )
    for (let i = 0; i < 5; i++)
      expect((await change('Wr0ng-pass!')).body.message).toBe('Incorrect username or password.')
    expect((await change(user.password)).body.message).toBe('Password attempts exceeded')
  })
})

describe('per-address limit', () => {
  it('refuses an address after 30 failed sign-ins in 15 minutes, whatever the account, until the window ends', async () => {
    const address = nextAddress()
    const user = await createConfirmedUser(t.app)
    // Spread over many usernames so no single account locks first.
    for (let i = 0; i < 30; i++) expect(await attempt(uniqueEmail(`spray${i}`), 'Wr0ng-pass!', address)).toBe(WRONG)
    expect(await attempt(user.email, user.password, address)).toBe(
      'LimitExceededException: Attempt limit exceeded, please try after some time.',
    )
    // Another address is not affected.
    expect(await attempt(user.email, user.password, nextAddress())).toBe('ok')
    clock.advance(15 * 60_000)
    expect(await attempt(user.email, user.password, address)).toBe('ok')
    // 33 password checks (a deliberately slow hash each): under a loaded machine this outgrew 20 s, and the test
    // that timed out went on to move the shared clock under the next one.
  }, 60_000)

  it('counts wrong confirmation codes against the address too', async () => {
    const address = nextAddress()
    for (let i = 0; i < 30; i++) {
      const answer = await cognito(
        t.app,
        'ConfirmSignUp',
        { ClientId: CLIENT_ID, Username: uniqueEmail('guess'), ConfirmationCode: '123456' },
        { remoteAddress: address },
      )
      expect(answer.body.__type).toBe('ExpiredCodeException')
    }
    const blocked = await cognito(
      t.app,
      'ConfirmSignUp',
      { ClientId: CLIENT_ID, Username: uniqueEmail('guess'), ConfirmationCode: '123456' },
      { remoteAddress: address },
    )
    expect(blocked.body.__type).toBe('LimitExceededException')
  })

  it('does not limit loopback callers per address (a reverse proxy on this machine would share one)', async () => {
    for (let i = 0; i < 31; i++) expect(await attempt(uniqueEmail(`local${i}`), 'Wr0ng-pass!', '127.0.0.1')).toBe(WRONG)
    const user = await createConfirmedUser(t.app)
    expect(await attempt(user.email, user.password, '127.0.0.1')).toBe('ok')
  })
})
