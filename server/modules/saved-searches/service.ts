import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import { z } from 'zod'
import {
  SAVED_SEARCH_LIMIT,
  SavedSearchFiltersSchema,
  activeFilterCount,
  isRowId,
  type SavedSearch,
  type SavedSearchSchema,
  type SavedSearchFilters,
} from '../../../src/contract'
import type { Database } from '../../db/client'
import { savedSearches, users } from '../../db/schema'
import { AppError } from '../../http/errors'

type Row = typeof savedSearches.$inferSelect
type Answer = z.input<typeof SavedSearchSchema>

/** The answer's form: the filters as stored (their query-string form), which the caller's schema decodes. */
const toAnswer = (row: Row): Answer => ({
  id: row.id,
  name: row.name,
  filters: row.filters as Answer['filters'],
  frequency: row.frequency,
  channels: row.channels,
  createdAt: row.createdAt.toISOString(),
})

export const searchNotFound = () => new AppError(404, 'not_found', 'savedSearchNotFound')

export async function listSavedSearches(db: Database, userId: string): Promise<Answer[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
  return rows.map(toAnswer)
}

/** One user's searches are written one at a time (the limit and the unique name are judged under it). */
const lockUser = (tx: Database, userId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')

async function assertNameFree(tx: Database, userId: string, name: string, t: TFunction, exceptId?: string) {
  const [taken] = await tx
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(
      and(
        eq(savedSearches.userId, userId),
        sql`lower(${savedSearches.name}) = lower(${name})`,
        ...(exceptId ? [ne(savedSearches.id, exceptId)] : []),
      ),
    )
    .limit(1)
  if (taken)
    throw new AppError(400, 'invalid_input', 'invalidInput', { fields: { name: t('errors:savedSearchNameTaken') } })
}

export type NewSavedSearch = {
  name: string
  filters: SavedSearchFilters
  frequency: SavedSearch['frequency']
  channels: SavedSearch['channels']
}

export async function createSavedSearch(
  db: Database,
  userId: string,
  input: NewSavedSearch,
  t: TFunction,
  now: Date,
): Promise<Answer> {
  if (activeFilterCount(input.filters) === 0) {
    throw new AppError(400, 'invalid_input', 'invalidInput', { fields: { filters: t('errors:savedSearchNoFilters') } })
  }
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
    if (count >= SAVED_SEARCH_LIMIT) {
      throw new AppError(409, 'saved_search_limit', 'savedSearchLimit', { params: { max: SAVED_SEARCH_LIMIT } })
    }
    await assertNameFree(tx, userId, input.name, t)
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name,
        filters: z.encode(SavedSearchFiltersSchema, input.filters),
        frequency: input.frequency,
        channels: input.channels,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    return toAnswer(row!)
  })
}

export async function updateSavedSearch(
  db: Database,
  userId: string,
  id: string,
  change: { name?: string; frequency?: SavedSearch['frequency']; channels?: SavedSearch['channels'] },
  t: TFunction,
  now: Date,
): Promise<Answer> {
  if (!isRowId(id)) throw searchNotFound()
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    if (change.name !== undefined) await assertNameFree(tx, userId, change.name, t, id)
    const [row] = await tx
      .update(savedSearches)
      .set({ ...change, updatedAt: now })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning()
    if (!row) throw searchNotFound()
    return toAnswer(row)
  })
}

export async function deleteSavedSearch(db: Database, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw searchNotFound()
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  if (deleted.length === 0) throw searchNotFound()
}
