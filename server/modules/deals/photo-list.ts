import { asc, eq } from 'drizzle-orm'
import type { DealPhoto } from '../../../src/contract'
import type { Database } from '../../db/client'
import { dealPhotos } from '../../db/schema'
import { UPLOADS_PREFIX } from '../../files'

/*
 * The read side of a listing's photos, on its own so the deal repository (which shows them) and the photo
 * writes (which check the deal) do not import each other.
 */

type PhotoRow = typeof dealPhotos.$inferSelect

/** A stored photo as the contract shows it; keys are FileStore keys, served under /uploads/. */
export function toDealPhoto(row: Pick<PhotoRow, 'id' | 'displayKey' | 'thumbKey' | 'width' | 'height' | 'position'>) {
  return {
    id: row.id,
    url: `${UPLOADS_PREFIX}${row.displayKey}`,
    thumbUrl: `${UPLOADS_PREFIX}${row.thumbKey}`,
    width: row.width,
    height: row.height,
    position: row.position,
  } satisfies DealPhoto
}

/** The listing's photos in gallery order (positions 0, 1, 2…). */
export async function listPhotos(db: Database, dealId: string): Promise<DealPhoto[]> {
  const rows = await db
    .select()
    .from(dealPhotos)
    .where(eq(dealPhotos.dealId, dealId))
    .orderBy(asc(dealPhotos.position), asc(dealPhotos.createdAt))
  return rows.map(toDealPhoto)
}
