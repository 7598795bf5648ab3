import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'

/** One buyer's demand as the maps count it (a row of `buyer_demand`). */
export type DemandRow = {
  userId: string
  zipCodes: string[]
  state: string | null
  priceBucket: string | null
  minBeds: number | null
  minBaths: number | null
  financingType: string | null
  creditRange: string | null
  propertyTypes: string[]
  downPayment: number | null
  monthlyPayment: number | null
  updatedAt: number
  /** The ZIP codes as small integers (zipId), so counting indexes an array instead of hashing strings. */
  zipIds: number[]
}

/** ZIP code ↔ small integer, shared by every snapshot (at most the ~42,000 US ZIP codes and whatever was saved). */
const zipIds = new Map<string, number>()
export const zipNames: string[] = []
function zipId(zipCode: string): number {
  let id = zipIds.get(zipCode)
  if (id === undefined) {
    id = zipNames.push(zipCode) - 1
    zipIds.set(zipCode, id)
  }
  return id
}

/**
 * Every buyer's demand in memory, counted in JavaScript: grouping 100,000 rows (and their ZIP codes) in SQL took
 * seconds on the embedded database, a loop over them takes milliseconds. Loaded once per database; a save in
 * this process marks its buyer (after the commit) and the next read re-reads only the marked rows; a save by
 * another server on the same PostgreSQL shows within FULL_RELOAD_MS, when the whole table is read again.
 */
const FULL_RELOAD_MS = 5 * 60_000

/** `version` changes with every load and patch: what is computed from the rows may be kept until it does. */
type Snapshot = { rows: Map<string, DemandRow>; loadedAt: number; version: number }
let versions = 0
const snapshots = new WeakMap<Database, Snapshot>()
const loads = new WeakMap<Database, Promise<Snapshot>>()
/** Buyers saved since their row was last read, per database. */
const dirtyOf = new WeakMap<Database, Set<string>>()

/** Active accounts only: a deactivated account is no buyer (an admin's change marks the buyer, see users/groups.ts). */
const SELECT = sql`select d.user_id as "userId", d.zip_codes as "zipCodes", d.state, d.price_bucket as "priceBucket",
  d.min_beds as "minBeds", d.min_baths as "minBaths", d.financing_type as "financingType",
  d.credit_range as "creditRange", d.property_types as "propertyTypes", d.down_payment as "downPayment",
  d.monthly_payment as "monthlyPayment", d.updated_at as "updatedAt"
  from buyer_demand d join users u on u.id = d.user_id and u.status = 'active'`

type RawRow = Omit<DemandRow, 'updatedAt' | 'zipIds'> & { updatedAt: Date | string }
const toRow = (raw: RawRow): DemandRow => ({
  ...raw,
  updatedAt: new Date(raw.updatedAt).getTime(),
  zipIds: raw.zipCodes.map(zipId),
})

/** Marks a buyer whose demand changed (called once the save has committed). */
export function demandChanged(db: Database, userId: string) {
  let dirty = dirtyOf.get(db)
  if (!dirty) dirtyOf.set(db, (dirty = new Set()))
  dirty.add(userId)
}

async function loadAll(db: Database): Promise<Snapshot> {
  const fresh: Snapshot = { rows: new Map(), loadedAt: Date.now(), version: ++versions }
  for (const raw of await rowsOf<RawRow>(db, SELECT)) fresh.rows.set(raw.userId, toRow(raw))
  snapshots.set(db, fresh)
  return fresh
}

async function currentSnapshot(db: Database): Promise<Snapshot> {
  const snapshot = snapshots.get(db)
  if (snapshot && Date.now() - snapshot.loadedAt <= FULL_RELOAD_MS) return snapshot
  let load = loads.get(db)
  if (!load) {
    load = loadAll(db).finally(() => loads.delete(db))
    loads.set(db, load)
  }
  return load
}

/** The patch under way per database: readers wait for it, so none counts a half-patched snapshot. */
const patches = new WeakMap<Database, Promise<void>>()

async function patch(db: Database, snapshot: Snapshot, ids: string[]) {
  const changed = await rowsOf<RawRow>(
    db,
    sql`${SELECT} where d.user_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  )
  for (const id of ids) snapshot.rows.delete(id)
  for (const raw of changed) snapshot.rows.set(raw.userId, toRow(raw))
  snapshot.version = ++versions
}

/** The current demand rows of every buyer. */
export async function demandRows(db: Database): Promise<Iterable<DemandRow>> {
  return (await currentDemand(db)).rows.values()
}

/** The rows and their version, patched with every committed save this process made. */
export async function currentDemand(db: Database): Promise<{ rows: Map<string, DemandRow>; version: number }> {
  const snapshot = await currentSnapshot(db)
  for (;;) {
    const running = patches.get(db)
    if (running) {
      await running
      continue
    }
    const dirty = dirtyOf.get(db)
    if (!dirty?.size) break
    const ids = [...dirty]
    dirty.clear()
    const next = patch(db, snapshot, ids).finally(() => patches.delete(db))
    patches.set(db, next)
    await next
  }
  return snapshot
}
