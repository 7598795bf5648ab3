import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { ROADMAP_COLUMNS, type RoadmapItem, type RoadmapStatus } from '../../../src/contract'
import type { Database } from '../../db/client'
import { roadmapItems, roadmapVotes } from '../../db/schema'

export type RoadmapRow = typeof roadmapItems.$inferSelect

const votesOf = sql<number>`(select count(*)::int from ${roadmapVotes} where ${roadmapVotes.itemId} = ${roadmapItems.id})`

export const toRoadmapItem = (row: RoadmapRow, votes: number): RoadmapItem => ({
  id: row.id,
  status: row.status,
  position: row.position,
  titleEn: row.titleEn,
  titleEs: row.titleEs,
  descriptionEn: row.descriptionEn,
  descriptionEs: row.descriptionEs,
  votes,
  updatedAt: row.updatedAt.toISOString(),
})

const columnIndex = (status: RoadmapStatus) => ROADMAP_COLUMNS.indexOf(status)

/** Every item with its vote count: columns in the page's order, each by position (ties: oldest first). */
export async function listRoadmap(db: Database): Promise<RoadmapItem[]> {
  const rows = await db
    .select({ row: roadmapItems, votes: votesOf })
    .from(roadmapItems)
    .orderBy(asc(roadmapItems.position), asc(roadmapItems.createdAt), asc(roadmapItems.id))
  return rows
    .map(({ row, votes }) => toRoadmapItem(row, votes))
    .sort((a, b) => columnIndex(a.status) - columnIndex(b.status))
}

export async function findRoadmapItem(db: Database, id: string): Promise<RoadmapItem | undefined> {
  const [found] = await db
    .select({ row: roadmapItems, votes: votesOf })
    .from(roadmapItems)
    .where(eq(roadmapItems.id, id))
  return found && toRoadmapItem(found.row, found.votes)
}

/** The item, locked until the transaction ends (so two admins' writes to it run one after the other). */
export async function lockRoadmapItem(tx: Database, id: string): Promise<RoadmapRow | undefined> {
  const [row] = await tx.select().from(roadmapItems).where(eq(roadmapItems.id, id)).for('update')
  return row
}

export async function countVotes(db: Database, itemId: string): Promise<number> {
  const [row] = await db
    .select({ votes: sql<number>`count(*)::int` })
    .from(roadmapVotes)
    .where(eq(roadmapVotes.itemId, itemId))
  return row?.votes ?? 0
}

export async function myVotes(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ itemId: roadmapVotes.itemId })
    .from(roadmapVotes)
    .where(eq(roadmapVotes.userId, userId))
  return rows.map((row) => row.itemId)
}

export async function addVote(db: Database, itemId: string, userId: string) {
  await db.insert(roadmapVotes).values({ itemId, userId }).onConflictDoNothing()
}

export async function removeVote(db: Database, itemId: string, userId: string) {
  await db.delete(roadmapVotes).where(and(eq(roadmapVotes.itemId, itemId), eq(roadmapVotes.userId, userId)))
}

/** The next position at the end of a column. */
export async function endOfColumn(tx: Database, status: RoadmapStatus): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${roadmapItems.position})` })
    .from(roadmapItems)
    .where(eq(roadmapItems.status, status))
  return row?.last == null ? 0 : row.last + 1
}

/**
 * Puts the item at `index` of column `status` (past the end: last) and numbers the columns it left and
 * joined 0, 1, 2… Only rows whose place changed are written, with `updatedAt` (an item an admin has arranged
 * is then left alone by the seed). The columns' rows are locked first, so concurrent moves queue.
 */
export async function moveRoadmapItem(
  tx: Database,
  item: RoadmapRow,
  to: { status: RoadmapStatus; position: number },
  now: Date,
) {
  const columns = [...new Set([item.status, to.status])]
  const rows = await tx
    .select()
    .from(roadmapItems)
    .where(inArray(roadmapItems.status, columns))
    .orderBy(asc(roadmapItems.position), asc(roadmapItems.createdAt), asc(roadmapItems.id))
    .for('update')

  const target = rows.filter((row) => row.status === to.status && row.id !== item.id)
  target.splice(Math.min(to.position, target.length), 0, { ...item, status: to.status })
  const left = item.status === to.status ? [] : rows.filter((row) => row.status === item.status && row.id !== item.id)

  for (const column of [target, left]) {
    for (const [position, row] of column.entries()) {
      const before = rows.find((candidate) => candidate.id === row.id)!
      if (before.position === position && before.status === row.status) continue
      await tx
        .update(roadmapItems)
        .set({ status: row.status, position, updatedAt: now })
        .where(eq(roadmapItems.id, row.id))
    }
  }
}
