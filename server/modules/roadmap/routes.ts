import type { FastifyPluginAsync } from 'fastify'
import { eq } from 'drizzle-orm'
import { endpoints, isRowId, type RoadmapItem } from '../../../src/contract'
import { roadmapItems } from '../../db/schema'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { recordAudit } from '../audit/record'
import {
  addVote,
  countVotes,
  endOfColumn,
  findRoadmapItem,
  listRoadmap,
  lockRoadmapItem,
  moveRoadmapItem,
  myVotes,
  removeVote,
  toRoadmapItem,
  type RoadmapRow,
} from './repository'

const itemNotFound = () => new AppError(404, 'roadmap_item_not_found', 'roadmapItemNotFound')

/** What the audit log keeps of an item: its text, column and place (and the seed's slug, see seed.ts). */
const snapshot = (row: RoadmapRow) => ({
  slug: row.slug,
  status: row.status,
  position: row.position,
  titleEn: row.titleEn,
  titleEs: row.titleEs,
  descriptionEn: row.descriptionEn,
  descriptionEs: row.descriptionEs,
})

/** The public roadmap, members' votes, and its editing by admins (every change audited in its transaction). */
export const roadmapRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.roadmap, async (_request, reply) => {
    // Vote counts move: a browser asks again rather than showing yesterday's.
    reply.header('cache-control', 'no-cache')
    return { items: await listRoadmap(app.db) }
  })

  implement(app, endpoints.roadmapMyVotes, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return { itemIds: await myVotes(app.db, request.user.id) }
  })

  implement(app, endpoints.roadmapVote, async (request) => {
    const { id } = request.params
    const item = isRowId(id) ? await findRoadmapItem(app.db, id) : undefined
    if (!item) throw itemNotFound()
    // Votes say what to build next: an item under way or shipped is no longer up for a vote.
    if (item.status !== 'planned') throw new AppError(409, 'roadmap_not_planned', 'roadmapNotPlanned')
    await addVote(app.db, id, request.user.id)
    return { itemId: id, voted: true, votes: await countVotes(app.db, id) }
  })

  implement(app, endpoints.roadmapUnvote, async (request) => {
    const { id } = request.params
    const item = isRowId(id) ? await findRoadmapItem(app.db, id) : undefined
    if (!item) throw itemNotFound()
    await removeVote(app.db, id, request.user.id)
    return { itemId: id, voted: false, votes: await countVotes(app.db, id) }
  })

  implement(app, endpoints.adminCreateRoadmapItem, async (request, reply) => {
    const now = app.now()
    const item = await app.db.transaction(async (tx) => {
      const position = await endOfColumn(tx, request.body.status)
      const [row] = await tx
        .insert(roadmapItems)
        .values({ ...request.body, position, createdAt: now, updatedAt: now })
        .returning()
      await recordAudit(tx, request.user, {
        action: 'roadmap.create',
        targetType: 'roadmap',
        targetId: row!.id,
        targetLabel: row!.titleEn,
        after: snapshot(row!),
      })
      return toRoadmapItem(row!, 0)
    })
    reply.code(201)
    return item
  })

  implement(app, endpoints.adminUpdateRoadmapItem, async (request) => {
    const { id } = request.params
    if (!isRowId(id)) throw itemNotFound()
    const updated = await app.db.transaction(async (tx): Promise<RoadmapItem> => {
      const before = await lockRoadmapItem(tx, id)
      if (!before) throw itemNotFound()
      const [row] = await tx
        .update(roadmapItems)
        .set({ ...request.body, updatedAt: app.now() })
        .where(eq(roadmapItems.id, id))
        .returning()
      await recordAudit(tx, request.user, {
        action: 'roadmap.update',
        targetType: 'roadmap',
        targetId: id,
        targetLabel: before.titleEn,
        before: snapshot(before),
        after: snapshot(row!),
      })
      return toRoadmapItem(row!, await countVotes(tx, id))
    })
    return updated
  })

  implement(app, endpoints.adminMoveRoadmapItem, async (request) => {
    const { id } = request.params
    if (!isRowId(id)) throw itemNotFound()
    await app.db.transaction(async (tx) => {
      const before = await lockRoadmapItem(tx, id)
      if (!before) throw itemNotFound()
      await moveRoadmapItem(tx, before, request.body, app.now())
      const after = await lockRoadmapItem(tx, id)
      await recordAudit(tx, request.user, {
        action: 'roadmap.move',
        targetType: 'roadmap',
        targetId: id,
        targetLabel: before.titleEn,
        before: { status: before.status, position: before.position },
        after: { status: after!.status, position: after!.position },
      })
    })
    return { items: await listRoadmap(app.db) }
  })

  implement(app, endpoints.adminDeleteRoadmapItem, async (request) => {
    const { id } = request.params
    if (!isRowId(id)) throw itemNotFound()
    await app.db.transaction(async (tx) => {
      const before = await lockRoadmapItem(tx, id)
      if (!before) throw itemNotFound()
      // Its votes go with it (the foreign key cascades); the audit entry keeps its slug, so the seed
      // never brings back a seeded item an admin removed.
      await tx.delete(roadmapItems).where(eq(roadmapItems.id, id))
      await recordAudit(tx, request.user, {
        action: 'roadmap.delete',
        targetType: 'roadmap',
        targetId: id,
        targetLabel: before.titleEn,
        before: snapshot(before),
      })
    })
    return { deleted: true as const }
  })
}
