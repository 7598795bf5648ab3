import { and, eq, or, sql } from 'drizzle-orm'
import { isRowId } from '../../../src/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../../db/client'
import { dealPhotos } from '../../db/schema'
import { UPLOADS_PREFIX } from '../../files'
import { AppError } from '../../http/errors'
import { listPhotos } from './photo-list'
import { assertMayManage, dealsWritten, findLiveDeal } from './repository'

type PhotoRow = typeof dealPhotos.$inferSelect

/**
 * The listing whose photos the caller wants to change, locked for the rest of the transaction so two
 * uploads cannot both pass the photo limit. 404 when it does not exist or was deleted (a soft-deleted
 * listing is "not found" for everyone); 403 unless it is the caller's own, or they are an admin or owner.
 */
export async function lockManageableDeal(db: Database, request: FastifyRequest, dealId: string): Promise<void> {
  assertMayManage(request.user, await findLiveDeal(db, dealId, { lock: true }))
}

/** Removes one photo, closes the gap in the positions, then deletes its files. */
export async function deletePhoto(app: FastifyInstance, request: FastifyRequest, dealId: string, photoId: string) {
  // Photos are listings' covers in browse: its remembered pages are forgotten around the write.
  const removed = await dealsWritten.writing(app.db, () =>
    app.db.transaction(async (tx) => {
      await lockManageableDeal(tx, request, dealId)
      if (!isRowId(photoId)) throw photoNotFound()
      const [row] = await tx
        .delete(dealPhotos)
        .where(and(eq(dealPhotos.id, photoId), eq(dealPhotos.dealId, dealId)))
        .returning()
      if (!row) throw photoNotFound()
      await tx
        .update(dealPhotos)
        .set({ position: sql`${dealPhotos.position} - 1` })
        .where(and(eq(dealPhotos.dealId, dealId), sql`${dealPhotos.position} > ${row.position}`))
      return row
    }),
  )
  await removeFiles(app, [removed])
  return listPhotos(app.db, dealId)
}

/** Puts the photos in the order given; the list must name each of the listing's photos exactly once. */
export async function orderPhotos(app: FastifyInstance, request: FastifyRequest, dealId: string, photoIds: string[]) {
  await dealsWritten.writing(app.db, () =>
    app.db.transaction(async (tx) => {
      await lockManageableDeal(tx, request, dealId)
      const current = await tx.select({ id: dealPhotos.id }).from(dealPhotos).where(eq(dealPhotos.dealId, dealId))
      const known = new Set(current.map((row) => row.id))
      const isPermutation =
        photoIds.length === known.size &&
        new Set(photoIds).size === photoIds.length &&
        photoIds.every((id) => known.has(id))
      if (!isPermutation) {
        throw new AppError(400, 'invalid_photo_order', 'photoOrderInvalid', {
          fields: { photoIds: request.t('errors:photoOrderInvalid') },
        })
      }
      for (const [position, id] of photoIds.entries()) {
        await tx.update(dealPhotos).set({ position }).where(eq(dealPhotos.id, id))
      }
    }),
  )
  return listPhotos(app.db, dealId)
}

/** Deletes photo files no listing uses any more (demo listings share one pool of pictures). */
export async function removeFiles(app: FastifyInstance, rows: Pick<PhotoRow, 'displayKey' | 'thumbKey'>[]) {
  for (const key of rows.flatMap((row) => [row.displayKey, row.thumbKey])) {
    const stillUsed = await app.db.$count(dealPhotos, or(eq(dealPhotos.displayKey, key), eq(dealPhotos.thumbKey, key)))
    if (stillUsed === 0) await app.files.remove(`${UPLOADS_PREFIX}${key}`)
  }
}

const photoNotFound = () => new AppError(404, 'photo_not_found', 'photoNotFound')
