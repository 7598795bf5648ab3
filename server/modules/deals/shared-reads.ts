import type { Database } from '../../db/client'
import { createReadCache, type ReadCache, type WriteGeneration } from '../../lib/read-cache'
import type { DealFilters } from '../../../src/contract'
import type { Viewer } from './browse-filters'

/**
 * How long a read that every viewer of a filter set shares (a browse page, the map's cells, the extent) is
 * reused. A write on this instance forgets it at once (through the generation), a write by another server on
 * the same PostgreSQL as soon as the bus announces it (server/db/bus-plugin.ts), and within this time if that
 * announcement is lost.
 */
export const SHARED_READ_TTL_MS = 5_000

/**
 * What a shared read depends on: the whole query (filters, page, sort, viewport), plus the viewer when a
 * word search makes hidden addresses matter (filterConditions); null when the answer depends on the
 * viewer's favorites or interests, which are not remembered. The query is the contract schema's output,
 * so its keys come in the schema's order and equal filter sets give equal keys.
 */
export function sharedReadKey(query: DealFilters & Record<string, unknown>, viewer: Viewer): string | null {
  if (query.favorites || query.interested) return null
  return JSON.stringify([query.q ? [viewer.id, viewer.hasAllAccess] : null, query])
}

/**
 * A remembered shared read per database (tests run many apps in one process): `read(db, key, load)` answers
 * the remembered value for a non-null key, else loads (and for a null key, never remembers). `max` bounds
 * the memory: at most that many answers are kept, the least recently used forgotten first.
 */
export function sharedReads<V extends object>(generation: Pick<WriteGeneration, 'of'>, max: number) {
  const caches = new WeakMap<Database, ReadCache<V>>()
  return (db: Database, key: string | null, load: () => Promise<V>): Promise<V> => {
    if (key === null) return load()
    let cache = caches.get(db)
    if (!cache) caches.set(db, (cache = createReadCache<V>(generation.of(db), { max, ttlMs: SHARED_READ_TTL_MS })))
    return cache.get(key, load)
  }
}
