import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lt,
  notInArray,
  notLike,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Database } from '../../db/client'
import { users } from '../../db/schema'
import type { RoleName } from '../../db/schema/accounts'
import { createWriteGeneration } from '../../lib/read-cache'
import { readAll } from '../../db/reads'

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert
export type UserPatch = Partial<Omit<NewUserRow, 'id' | 'cognitoSub' | 'createdAt'>>

/**
 * Bumped by every write to a user row here, except the last-seen stamp: requireUser's cache of the
 * caller's row forgets what it read before (README Decisions). Write users through this file.
 */
export const usersWritten = createWriteGeneration('users')

export async function findUserBySub(db: Database, sub: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.cognitoSub, sub)).limit(1)
  return rows[0]
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return rows[0]
}

/** These users' rows, by id (one query). */
export async function findUsersByIds(db: Database, ids: string[]): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select().from(users).where(inArray(users.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The e-mail of each of these users, by id. */
export async function emailsOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
  return new Map(rows.map((row) => [row.id, row.email]))
}

export async function findUsersByEmail(db: Database, email: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.email, email.toLowerCase()))
}

/** Inserts unless the sub already has a row; either way answers the row for that sub. */
export async function insertUserIfAbsent(db: Database, values: NewUserRow): Promise<UserRow> {
  const inserted = await usersWritten.writing(db, () =>
    db.insert(users).values(values).onConflictDoNothing({ target: users.cognitoSub }).returning(),
  )
  const row = inserted[0] ?? (await findUserBySub(db, values.cognitoSub))
  if (!row) throw new Error('The user row vanished right after its insert conflicted')
  return row
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await usersWritten.writing(db, () => db.insert(users).values(values).returning())
  if (!row) throw new Error('Insert into users returned no row')
  return row
}

export async function updateUserRow(db: Database, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await usersWritten.writing(db, () =>
    db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning(),
  )
  return row
}

/**
 * Points one of the user's file columns at a new URL and answers the URL it held before, under a
 * row lock: of two uploads racing, each learns the file the other replaced, so none is orphaned.
 */
export async function replaceFileUrl(
  db: Database,
  id: string,
  column: 'profilePictureUrl' | 'companyLogoUrl',
  url: string,
): Promise<string | null> {
  return usersWritten.writing(db, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select({ url: users[column] }).from(users).where(eq(users.id, id)).for('update')
      await tx
        .update(users)
        .set({ [column]: url, updatedAt: sql`now()` })
        .where(eq(users.id, id))
      return current?.url ?? null
    }),
  )
}

/** Records activity at most once per interval, so a busy user does not write on every call. */
export async function touchLastSeen(db: Database, id: string, intervalSeconds: number): Promise<void> {
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(users.id, id),
        or(isNull(users.lastSeenAt), lt(users.lastSeenAt, sql`now() - make_interval(secs => ${intervalSeconds})`)),
      ),
    )
}

export async function countActiveUsers(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.status, 'active'))
  return row?.value ?? 0
}

export type UserSearch = {
  q?: string | undefined
  role?: RoleName | undefined
  status?: UserRow['status'] | undefined
  sort?: 'createdAt' | 'lastSignInAt' | 'name' | 'email'
  dir?: 'asc' | 'desc'
  page: number
  pageSize: number
}

const fullName = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`

/** The order of a users page: the chosen column, then the id so pages never overlap; never-signed-in last. */
function userOrder(sort: NonNullable<UserSearch['sort']>, dir: NonNullable<UserSearch['dir']>): SQL[] {
  const by = dir === 'asc' ? asc : desc
  const id = by(users.id)
  switch (sort) {
    case 'name':
      return [by(fullName), id]
    case 'email':
      return [by(users.email), id]
    case 'lastSignInAt':
      return [sql`${users.lastSignInAt} ${sql.raw(dir)} nulls last`, id]
    default:
      return [by(users.createdAt), id]
  }
}

/**
 * A page of users: `q` matches e-mail, first, last or full name anywhere, case-insensitively; `role` and
 * `status` narrow it; newest sign-up first unless `sort` and `dir` say otherwise.
 */
export async function searchUserRows(db: Database, search: UserSearch): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    search.q ? matching(search.q) : undefined,
    search.role ? arrayContains(users.roles, [search.role]) : undefined,
    search.status ? eq(users.status, search.status) : undefined,
  )
  const [rows, totals] = await readAll(db, [
    () =>
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...userOrder(search.sort ?? 'createdAt', search.dir ?? 'desc'))
        .limit(search.pageSize)
        .offset((search.page - 1) * search.pageSize),
    () => db.select({ value: count() }).from(users).where(where),
  ])
  return { rows, total: totals[0]?.value ?? 0 }
}

/**
 * Records a sign-in: the token's `auth_time`, when it is later than the one stored. Like the last-seen stamp
 * it does not make requireUser's cache forget rows (the panel reads it fresh).
 */
export async function recordSignIn(db: Database, id: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastSignInAt: at })
    .where(and(eq(users.id, id), or(isNull(users.lastSignInAt), lt(users.lastSignInAt, at))))
}

function matching(q: string): SQL | undefined {
  // The search box is plain text: % and _ typed by the admin must match themselves.
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return or(
    ilike(users.email, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
  )
}

/** Users other than the given addresses (the demo seed asks whether anyone real signed up). */
export async function countUsersExcept(db: Database, emails: string[], exceptDomain?: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(
      and(
        emails.length > 0 ? notInArray(users.email, emails) : undefined,
        exceptDomain ? notLike(users.email, `%@${exceptDomain}`) : undefined,
      ),
    )
  return row?.value ?? 0
}

/** What others show of a person (a conversation's participants), by id. */
export type PersonRow = Pick<
  typeof users.$inferSelect,
  'id' | 'firstName' | 'lastName' | 'roles' | 'certifiedBuyer' | 'profilePictureUrl' | 'companyName'
>

export async function peopleOf(db: Database, ids: string[]): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roles: users.roles,
      certifiedBuyer: users.certifiedBuyer,
      profilePictureUrl: users.profilePictureUrl,
      companyName: users.companyName,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
  return new Map(rows.map((row) => [row.id, row]))
}
