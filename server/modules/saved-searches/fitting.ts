import { sql } from 'drizzle-orm'
import { SavedSearchFiltersSchema, type NOTIFICATION_CHANNELS, type SEARCH_FREQUENCIES } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { filterConditions } from '../deals/browse-filters'

export type FittingSearch = {
  id: string
  userId: string
  name: string
  frequency: (typeof SEARCH_FREQUENCIES)[number]
  channels: (typeof NOTIFICATION_CHANNELS)[number][]
}

type StoredSearch = FittingSearch & { filters: unknown }

/**
 * The saved searches of active buyers that a listing fits, judged by browse's own WHERE clause (so a search
 * alerts on exactly the listings its filters show on /deals, hidden addresses included). SQL first narrows to
 * the searches whose state, if any, is the listing's; each remaining search is then checked against the
 * listing by one indexed lookup on its id. The listing's owner is never alerted about their own listing.
 */
export async function savedSearchesFitting(db: Database, dealId: string): Promise<FittingSearch[]> {
  const searches = await rowsOf<StoredSearch>(
    db,
    sql`select s.id, s.user_id as "userId", s.name, s.frequency, s.channels, s.filters
        from saved_searches s
        join users u on u.id = s.user_id
        join deals d on d.id = ${dealId}
        where u.status = 'active' and (u.roles && array['buyer', 'owner']::text[]) and u.id <> d.seller_id
          and (s.filters->>'state' is null or s.filters->>'state' = d.state)`,
  )
  const fitting: FittingSearch[] = []
  for (const { filters, ...search } of searches) {
    const parsed = SavedSearchFiltersSchema.safeParse(filters)
    if (!parsed.success) continue
    const where = filterConditions(
      { ...parsed.data, favorites: undefined, interested: undefined },
      { id: search.userId, hasAllAccess: false },
    )
    const [hit] = await rowsOf<{ fits: boolean }>(
      db,
      sql`select true as fits from deals d where d.id = ${dealId} and ${where}`,
    )
    if (hit) fitting.push(search)
  }
  return fitting
}
