import { normalizeIP } from '@fastify/rate-limit'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { endpoints, type EndpointSpec } from '../../src/contract'
import { users } from '../db/schema'
import { AppError } from './errors'
import { countHit } from './rate-limit-store'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * Whom a limit counts: the signed-in user, the caller's address (a whole IPv6 /64, as @fastify/rate-limit
 * counts), or a key the request itself names (null: this request is not counted by that limit).
 */
type Per =
  'user' | 'address' | ((request: FastifyRequest, app: FastifyInstance) => Promise<string | null> | string | null)

export type WriteLimit = {
  /** Counters of limits with the same name are shared (a chat message is one, however it is sent). */
  name: string
  per: Per
  max: number
  windowMs: number
}

const limit = (name: string, per: Per, max: number, windowMs: number): WriteLimit => ({ name, per, max, windowMs })

/** The address an invitation is mailed to, lowercased; null for a batch of links shared by hand. */
const invitedAddress = (request: FastifyRequest) => {
  const { email } = (request.body ?? {}) as { email?: string }
  return email ? email.toLowerCase() : null
}

/** The inviter, when the invitation is mailed to an address that is not a member yet. */
async function inviterOfOutsider(request: FastifyRequest, app: FastifyInstance) {
  const email = invitedAddress(request)
  if (!email) return null
  const [member] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  return member ? null : request.user.id
}

const offers = 'offers'
const interests = 'interests'
const chat = 'chat-messages'
const invitations = 'invitations'
const listings = 'listings'
const feedback = 'feedback'

/**
 * Writes that mail or notify someone, each limited per user and per address at rates a person using the
 * app never meets (a flood meets them at once). One table for the whole server, applied by `implement`:
 * a refused call is answered 429 with Retry-After before its handler runs, so it writes and sends nothing.
 * The public forms (request access, sign-in link) keep their per-address `config.rateLimit` in their routes,
 * counted in the same database table (server/http/rate-limit-store.ts).
 */
export const WRITE_LIMITS = {
  submitOffer: [limit(offers, 'user', 20, 10 * MINUTE), limit(offers, 'address', 60, 10 * MINUTE)],
  expressInterest: [limit(interests, 'user', 20, 10 * MINUTE), limit(interests, 'address', 60, 10 * MINUTE)],
  sendMessage: [limit(chat, 'user', 30, MINUTE), limit(chat, 'address', 120, MINUTE)],
  startThread: [limit(chat, 'user', 30, MINUTE), limit(chat, 'address', 120, MINUTE)],
  messageBuyer: [limit(chat, 'user', 30, MINUTE), limit(chat, 'address', 120, MINUTE)],
  createInvitations: [
    limit(invitations, 'user', 30, HOUR),
    limit(invitations, 'address', 60, HOUR),
    // Mailed to addresses that are not members yet: a daily cap per inviter, and per address whoever invites.
    limit(`${invitations}-outside`, inviterOfOutsider, 20, DAY),
    limit(`${invitations}-to`, invitedAddress, 3, DAY),
  ],
  createDeal: [limit(listings, 'user', 60, HOUR), limit(listings, 'address', 120, HOUR)],
  // Each report tells every admin: 10 an hour is more than anyone writes by hand.
  submitFeedback: [limit(feedback, 'user', 10, HOUR), limit(feedback, 'address', 30, HOUR)],
  // Each one tells every admin: a few a day is all a person asking again after a decline needs.
  createSellerRequest: [limit('seller-requests', 'user', 5, DAY), limit('seller-requests', 'address', 20, DAY)],
  // The last lesson's pass notifies and mails the buyer (once); a learner retrying a quiz sends a few a minute.
  trainingAttempt: [
    limit('training-attempts', 'user', 60, 10 * MINUTE),
    limit('training-attempts', 'address', 240, 10 * MINUTE),
  ],
  // Each question tells every admin; a reader asks a few at most.
  helpAsk: [limit('help-questions', 'user', 10, HOUR), limit('help-questions', 'address', 30, HOUR)],
  // Public "Was this helpful?": one answer per reader per article, changed now and then.
  helpArticleVote: [limit('help-votes', 'address', 60, 10 * MINUTE)],
  // Saved searches drive alerts; a buyer saves or retunes a few at a time (20 kept at most).
  createSavedSearch: [limit('saved-searches', 'user', 60, HOUR), limit('saved-searches', 'address', 120, HOUR)],
  updateSavedSearch: [limit('saved-searches', 'user', 60, HOUR), limit('saved-searches', 'address', 120, HOUR)],
  // The reminder mail's signed-out "Still available": a seller clicks it once in a while.
  confirmListingByToken: [limit('listing-confirmations', 'address', 60, 10 * MINUTE)],
} satisfies Partial<Record<keyof typeof endpoints, WriteLimit[]>>

const limitsByEndpoint = new Map<EndpointSpec, readonly WriteLimit[]>(
  Object.entries(WRITE_LIMITS).map(([name, limits]) => [endpoints[name as keyof typeof WRITE_LIMITS], limits]),
)

/**
 * Loopback callers are not counted per address (as in the identity provider's throttle): they are this
 * machine or a reverse proxy on it, where every visitor would share one address (set TRUST_PROXY there).
 * Per-user limits still apply to them.
 */
const isLoopback = (address: string) => address === '::1' || address.startsWith('127.')

async function keyOf(per: Per, request: FastifyRequest, app: FastifyInstance): Promise<string | null> {
  if (per === 'user') return `user:${request.user.id}`
  if (per === 'address') {
    const address = normalizeIP(request.ip)
    return isLoopback(address) ? null : `address:${address}`
  }
  const key = await per(request, app)
  return key === null ? null : `for:${key}`
}

/**
 * The hook that counts a call against its endpoint's limits (after the guard and the body's validation, so
 * only calls that would write are counted), or undefined for an endpoint without limits. Past any limit:
 * 429 `rate_limited`, `Retry-After` in seconds, a message in the caller's language saying when to retry.
 */
export function writeLimitHook(app: FastifyInstance, endpoint: EndpointSpec): preHandlerAsyncHookHandler | undefined {
  const limits = limitsByEndpoint.get(endpoint)
  if (!limits) return undefined
  return async (request, reply) => {
    if (!app.writeLimits) return
    let waitMs: number | null = null
    for (const { name, per, max, windowMs } of limits) {
      const key = await keyOf(per, request, app)
      if (key === null) continue
      const { current, ttl } = await countHit(app.db, `${name}:${key}`, windowMs, app.now())
      if (current > max) waitMs = Math.max(waitMs ?? 0, ttl)
    }
    if (waitMs === null) return
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    reply.header('retry-after', String(seconds))
    throw new AppError(429, 'rate_limited', 'tooManyWrites', { params: { minutes: Math.ceil(seconds / 60) } })
  }
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** Whether WRITE_LIMITS apply (buildApp's `writeLimits`; only a benchmark turns them off). */
    writeLimits: boolean
  }
}
