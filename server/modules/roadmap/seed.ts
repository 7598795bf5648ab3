import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { roadmapItems } from '../../db/schema'
import { deletedSlugs } from '../audit/deleted'
import { ROADMAP_SEED, type SeedRoadmapItem } from './seed-items'

/**
 * Brings the seeded roadmap items up to date, on every start (any database, demo or not), by slug:
 * - a missing item is added (at its place in the seed's column order);
 * - an item no admin has touched (its `updatedAt` still equals its `createdAt`) takes the seed's text,
 *   column and place, so a new release can move "in progress" to "shipped";
 * - an item an admin edited, moved or reordered is left as the admin made it;
 * - an item an admin deleted stays deleted: its `roadmap.delete` audit entry (append-only) keeps its slug.
 * Idempotent: a second run changes nothing. Returns how many rows it wrote.
 */
export async function seedRoadmap(db: Database, items: readonly SeedRoadmapItem[] = ROADMAP_SEED): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await deletedSlugs(tx, 'roadmap.delete', 'roadmap')

    const positions = new Map<string, number>()
    let written = 0
    for (const item of items) {
      const position = positions.get(item.status) ?? 0
      positions.set(item.status, position + 1)
      if (removed.has(item.slug)) continue
      const seeded = { ...item, position }
      const rows = await tx
        .insert(roadmapItems)
        .values(seeded)
        .onConflictDoUpdate({
          target: roadmapItems.slug,
          set: {
            status: item.status,
            position,
            titleEn: item.titleEn,
            titleEs: item.titleEs,
            descriptionEn: item.descriptionEn,
            descriptionEs: item.descriptionEs,
          },
          // Untouched by an admin, and different from the seed (so a second run writes nothing).
          setWhere: sql`${roadmapItems.updatedAt} = ${roadmapItems.createdAt} and (${roadmapItems.status}, ${roadmapItems.position}, ${roadmapItems.titleEn}, ${roadmapItems.titleEs}, ${roadmapItems.descriptionEn}, ${roadmapItems.descriptionEs}) is distinct from (excluded.status, excluded.position, excluded.title_en, excluded.title_es, excluded.description_en, excluded.description_es)`,
        })
        .returning({ id: roadmapItems.id })
      written += rows.length
    }
    return written
  })
}
