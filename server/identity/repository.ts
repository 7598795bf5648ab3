import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../db/client'
import { createWriteGeneration } from '../lib/read-cache'
import {
  identityCodes,
  identityRefreshTokens,
  identitySigninFailures,
  identityUsers,
  type CodePurpose,
} from '../db/schema/identity'

export type IdentityUserRow = typeof identityUsers.$inferSelect
export type NewIdentityUser = typeof identityUsers.$inferInsert
export type CodeRow = typeof identityCodes.$inferSelect
export type RefreshTokenRow = typeof identityRefreshTokens.$inferSelect
export type FailureRow = typeof identitySigninFailures.$inferSelect

/** Usernames are e-mail addresses, compared without case or surrounding space. */
export const normalizeUsername = (value: string) => value.trim().toLowerCase()

// The embedded IdP's own tables; nothing outside server/identity reads them.
export const users = {
  async byUsername(db: Database, username: string) {
    const [row] = await db
      .select()
      .from(identityUsers)
      .where(eq(identityUsers.username, normalizeUsername(username)))
    return row ?? null
  },
  async bySub(db: Database, sub: string) {
    if (!isUuid(sub)) return null
    const [row] = await db.select().from(identityUsers).where(eq(identityUsers.sub, sub))
    return row ?? null
  },
  /** Returns null when the username is taken (unique index), so callers need no pre-check race. */
  async insert(db: Database, values: NewIdentityUser) {
    const [row] = await db.insert(identityUsers).values(values).onConflictDoNothing().returning()
    return row ?? null
  },
  async update(db: Database, sub: string, patch: Partial<NewIdentityUser>, now: Date) {
    const [row] = await db
      .update(identityUsers)
      .set({ ...patch, updatedAt: now })
      .where(eq(identityUsers.sub, sub))
      .returning()
    return row ?? null
  },
}

export const codes = {
  /** One live code per user and purpose: a new one replaces the previous (and its attempt count). */
  async put(
    db: Database,
    values: { sub: string; purpose: CodePurpose; codeHash: string; target?: string | null; expiresAt: Date },
    now: Date,
  ) {
    const row = { ...values, target: values.target ?? null, attempts: 0, createdAt: now }
    await db
      .insert(identityCodes)
      .values(row)
      .onConflictDoUpdate({ target: [identityCodes.sub, identityCodes.purpose], set: row })
  },
  async get(db: Database, sub: string, purpose: CodePurpose) {
    const [row] = await db
      .select()
      .from(identityCodes)
      .where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose)))
    return row ?? null
  },
  async countAttempt(db: Database, id: string, attempts: number) {
    await db.update(identityCodes).set({ attempts }).where(eq(identityCodes.id, id))
  },
  async remove(db: Database, sub: string, purpose: CodePurpose) {
    await db.delete(identityCodes).where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose)))
  },
}

/** Bumped around every revocation, so the per-call "is this session still open" cache forgets at once. */
export const sessionsRevoked = createWriteGeneration('sessions')

export const refreshTokens = {
  async insert(db: Database, values: typeof identityRefreshTokens.$inferInsert) {
    await db.insert(identityRefreshTokens).values(values)
  },
  async byHash(db: Database, tokenHash: string) {
    const [row] = await db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.tokenHash, tokenHash))
    return row ?? null
  },
  async byOrigin(db: Database, originJti: string) {
    if (!isUuid(originJti)) return null
    const [row] = await db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.originJti, originJti))
    return row ?? null
  },
  async revoke(db: Database, jti: string, now: Date) {
    await sessionsRevoked.writing(db, () =>
      db
        .update(identityRefreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(identityRefreshTokens.jti, jti), isNull(identityRefreshTokens.revokedAt))),
    )
  },
  async revokeAll(db: Database, sub: string, now: Date) {
    await sessionsRevoked.writing(db, () =>
      db
        .update(identityRefreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(identityRefreshTokens.sub, sub), isNull(identityRefreshTokens.revokedAt))),
    )
  },
}

export const failures = {
  async get(db: Database, key: string) {
    const [row] = await db.select().from(identitySigninFailures).where(eq(identitySigninFailures.key, key))
    return row ?? null
  },
  async put(db: Database, row: FailureRow) {
    await db
      .insert(identitySigninFailures)
      .values(row)
      .onConflictDoUpdate({ target: identitySigninFailures.key, set: row })
  },
  async clear(db: Database, key: string) {
    await db.delete(identitySigninFailures).where(eq(identitySigninFailures.key, key))
  },
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Postgres refuses a malformed uuid with an error; a stranger's garbage should just find nothing. */
export const isUuid = (value: string) => UUID.test(value)
