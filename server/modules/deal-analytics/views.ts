import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'

/** A UTC day as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * Counts a signed-in visitor's view of a listing: once per visitor and UTC day, never the listing's own
 * seller. One statement: the visitor's row for the day, and only when it is new, one more on the day's count
 * (two visitors at once meet on the count's primary key). Cheap enough to run beside the listing's read.
 */
export async function recordView(
  db: Database,
  deal: { id: string; sellerId: string },
  viewerId: string,
  now: Date,
): Promise<void> {
  if (deal.sellerId === viewerId) return
  const day = utcDay(now)
  await db.execute(sql`
    with added as (
      insert into deal_views (deal_id, day, viewer_id) values (${deal.id}, ${day}, ${viewerId})
      on conflict do nothing
      returning deal_id, day
    )
    insert into deal_view_days (deal_id, day, views)
    select deal_id, day, 1 from added
    on conflict (deal_id, day) do update set views = deal_view_days.views + 1`)
}
