import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import { users } from '../db/schema/accounts'
import { signinLinkCodes } from '../db/schema/identity'
import type { ServerLanguage } from '../http/i18n'
import { CognitoError } from './cognito-error'
import { CODE_TTL_MS, type IdentityMailer } from './context'
import type { Throttle } from './throttle'

/**
 * The e-mailed sign-in link on an AWS Cognito pool. The server makes and mails the one-time code (the same
 * mail and link as the embedded provider's, living as long); the pool's custom-auth triggers
 * (deploy/cognito-triggers/) let CUSTOM_AUTH succeed when POST /api/auth/signin-link/verify says the code is
 * right, fresh and unused. Only a SHA-256 of the code is stored: 256 random bits need no key or slow hash.
 */
export const SIGNIN_LINK_TTL_MS = CODE_TTL_MS.signin_link

const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url')
const normalize = (email: string) => email.trim().toLowerCase()

type Settings = {
  db: Database
  now: () => Date
  publicUrl: string
  mail: IdentityMailer
  throttle: Throttle
  log: FastifyBaseLogger
}

export function createAwsSigninLink({ db, now, publicUrl, mail, throttle, log }: Settings) {
  return {
    /**
     * Mails `<PUBLIC_URL>/auth?signin=<code>&email=<email>` to an active account; nothing for anyone else.
     * Counted against the account's mail cap as the embedded provider counts it; past the cap, nothing.
     */
    async send(rawEmail: string, language: ServerLanguage) {
      const email = normalize(rawEmail)
      try {
        await throttle.countMail({ account: email, address: 'internal' })
      } catch (error) {
        if (error instanceof CognitoError && error.type === 'LimitExceededException') {
          log.info('sign-in link not sent: the account reached its mail limit')
          return
        }
        throw error
      }
      const [user] = await db
        .select({ firstName: users.firstName })
        .from(users)
        .where(and(eq(users.email, email), eq(users.status, 'active')))
        .limit(1)
      if (!user) return
      const code = randomBytes(32).toString('base64url')
      const at = now()
      const row = { codeHash: hashCode(code), expiresAt: new Date(at.getTime() + SIGNIN_LINK_TTL_MS), createdAt: at }
      const link = `${publicUrl}/auth?${new URLSearchParams({ signin: code, email })}`
      await db.transaction(async (tx) => {
        await tx
          .insert(signinLinkCodes)
          .values({ email, ...row })
          .onConflictDoUpdate({ target: signinLinkCodes.email, set: row })
        const data = { link, name: user.firstName ?? '' }
        await mail.send({ to: email, template: 'signinLink', language, data }, { db: tx as unknown as Database })
      })
    },
  }
}

export type AwsSigninLink = ReturnType<typeof createAwsSigninLink>

/**
 * Spends `code` if it is `email`'s live sign-in link code: one DELETE, so two calls racing with the same code
 * get one `true`. A wrong code leaves the live one (the pool ends the session after three wrong answers).
 */
export async function consumeSigninLinkCode(db: Database, now: Date, email: string, code: string) {
  const spent = await db
    .delete(signinLinkCodes)
    .where(
      and(
        eq(signinLinkCodes.email, normalize(email)),
        eq(signinLinkCodes.codeHash, hashCode(code.trim())),
        gt(signinLinkCodes.expiresAt, now),
      ),
    )
    .returning({ email: signinLinkCodes.email })
  return spent.length === 1
}

/** `Authorization: Bearer <secret>` compared in constant time (both sides hashed to one length first). */
export function isTriggerSecret(expected: string, authorization: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? ''
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return given !== '' && timingSafeEqual(digest(given), digest(expected))
}
