import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { identitySigninFailures } from '../db/schema/identity'
import { CognitoError, messages } from './cognito-error'
import { failures, normalizeUsername } from './repository'

const MINUTE = 60_000
/** Cognito: the count resets after 15 quiet minutes; the lock doubles from 1 s and is capped near 15 min. */
const QUIET_RESET_MS = 15 * MINUTE
const FREE_FAILURES = 4
const MAX_LOCK_MS = 15 * MINUTE
/** Failed sign-ins and wrong codes from one address before it must wait for the window to end. */
export const ADDRESS_FAILURE_LIMIT = 30
const ADDRESS_WINDOW_MS = 15 * MINUTE
/** Mails one address may trigger (sign-up, resend, forgot password, codes) per window. */
export const ADDRESS_MAIL_LIMIT = 20
/** Mails one account may receive per window, so nobody can flood someone else's inbox. */
export const ACCOUNT_MAIL_LIMIT = 5

export type Subject = { account?: string | undefined; address: string }

/**
 * Loopback callers are not limited per address: they are this machine (tests, e2e) or, more to the point,
 * a reverse proxy on it, where every visitor shares one address and a per-address limit would lock out
 * everyone at once. Per-account limits still apply to them.
 */
const isExempt = (address: string) =>
  address === 'internal' || address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')

const accountKey = (username: string) => `account:${normalizeUsername(username)}`
const addressKey = (address: string) => `address:${address}`

/** Lock length after the n-th consecutive failure: none for the first four, then 1 s, 2 s, 4 s, … capped. */
export function lockMs(failureCount: number): number {
  if (failureCount <= FREE_FAILURES) return 0
  return Math.min(2 ** (failureCount - FREE_FAILURES - 1) * 1000, MAX_LOCK_MS)
}

/**
 * Per-account lockout and per-address limits, persisted so a restart or a second instance does not
 * reset them. Counters are incremented in one SQL statement so parallel guesses are all counted.
 */
export function createThrottle(db: Database, now: () => Date) {
  /** Adds one to a counter, starting over when its window (or quiet period) has passed. */
  async function bump(key: string, windowMs: number, mode: 'window' | 'quiet') {
    const at = now()
    const cutoff = new Date(at.getTime() - windowMs)
    const stale =
      mode === 'window'
        ? sql`${identitySigninFailures.windowStartedAt} <= ${cutoff}`
        : sql`${identitySigninFailures.lastFailureAt} <= ${cutoff}`
    const [row] = await db
      .insert(identitySigninFailures)
      .values({ key, failures: 1, windowStartedAt: at, lastFailureAt: at, lockedUntil: null })
      .onConflictDoUpdate({
        target: identitySigninFailures.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${identitySigninFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${stale} then ${at} else ${identitySigninFailures.windowStartedAt} end`,
          lockedUntil: sql`case when ${stale} then null else ${identitySigninFailures.lockedUntil} end`,
          lastFailureAt: at,
        },
      })
      .returning()
    return row!
  }

  async function isOverLimit(key: string, limit: number, windowMs: number) {
    const row = await failures.get(db, key)
    return !!row && row.failures >= limit && row.windowStartedAt.getTime() + windowMs > now().getTime()
  }

  return {
    /** Refuses before any password is checked: a locked account, or an address over its limit. */
    async check({ account, address }: Subject) {
      if (!isExempt(address) && (await isOverLimit(addressKey(address), ADDRESS_FAILURE_LIMIT, ADDRESS_WINDOW_MS)))
        throw new CognitoError('LimitExceededException', messages.limitExceeded)
      if (!account) return
      const row = await failures.get(db, accountKey(account))
      if (row?.lockedUntil && row.lockedUntil.getTime() > now().getTime())
        throw new CognitoError('NotAuthorizedException', messages.attemptsExceeded)
    },

    async recordFailure({ account, address }: Subject) {
      if (!isExempt(address)) await bump(addressKey(address), ADDRESS_WINDOW_MS, 'window')
      if (!account) return
      const row = await bump(accountKey(account), QUIET_RESET_MS, 'quiet')
      const lock = lockMs(row.failures)
      if (lock > 0) await failures.put(db, { ...row, lockedUntil: new Date(now().getTime() + lock) })
    },

    async recordSuccess({ account }: Subject) {
      if (account) await failures.clear(db, accountKey(account))
    },

    /** Counts a mail-sending request; throws LimitExceededException past the address or account limit. */
    async countMail({ account, address }: Subject) {
      const byAddress = isExempt(address) ? null : await bump(`mail-address:${address}`, ADDRESS_WINDOW_MS, 'window')
      const byAccount = account
        ? await bump(`mail-account:${normalizeUsername(account)}`, ADDRESS_WINDOW_MS, 'window')
        : null
      if (
        (byAddress && byAddress.failures > ADDRESS_MAIL_LIMIT) ||
        (byAccount && byAccount.failures > ACCOUNT_MAIL_LIMIT)
      )
        throw new CognitoError('LimitExceededException', messages.limitExceeded)
    },
  }
}

export type Throttle = ReturnType<typeof createThrottle>
