import { sql } from 'drizzle-orm'
import { busFor } from '../../db/bus-plugin'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { DemandColumns, type DemandRow } from './columns'

/**
 * Every buyer's demand in memory (columns.ts), counted in JavaScript: grouping 100,000 rows (and their ZIP
 * codes) in SQL took seconds on the embedded database, a loop over typed arrays takes a millisecond or two.
 * Loaded when the server is ready (warmDemand) or by the first read; a save in this process marks its buyer
 * (after the commit) and the next read re-reads only the marked rows; a save by another server on the same
 * PostgreSQL marks it here too as soon as its announcement on the bus arrives (DEMAND_TOPIC), and at the
 * latest within FULL_RELOAD_MS (if that announcement was lost): a read that finds the snapshot older starts a
 * full reload in the background and answers from the old snapshot meanwhile (stale-while-revalidate), so no
 * request waits for it.
 */
const FULL_RELOAD_MS = 5 * 60_000

/** `version` changes with every load and patch: what is computed from the columns may be kept until it does. */
export type Snapshot = { columns: DemandColumns; slotOf: Map<string, number>; loadedAt: number; version: number }
let versions = 0
const snapshots = new WeakMap<Database, Snapshot>()
const loads = new WeakMap<Database, Promise<Snapshot>>()
/** Buyers saved since their row was last read, per database. */
const dirtyOf = new WeakMap<Database, Set<string>>()
/** Buyers patched into the old snapshot while a full load ran: the load may have read them before the save. */
const patchedDuringLoad = new WeakMap<Database, Set<string>>()

/** Active accounts only: a deactivated account is no buyer (an admin's change marks the buyer, see users/groups.ts). */
const SELECT = sql`select d.user_id as "userId", d.zip_codes as "zipCodes", d.state, d.price_bucket as "priceBucket",
  d.min_beds as "minBeds", d.min_baths as "minBaths", d.financing_type as "financingType",
  d.credit_range as "creditRange", d.property_types as "propertyTypes", d.down_payment as "downPayment",
  d.monthly_payment as "monthlyPayment", d.updated_at as "updatedAt"
  from buyer_demand d join users u on u.id = d.user_id and u.status = 'active'`

type RawRow = Omit<DemandRow, 'updatedAt'> & { updatedAt: Date | string }
const toRow = (raw: RawRow): DemandRow => ({ ...raw, updatedAt: new Date(raw.updatedAt).getTime() })

function dirtySet(db: Database) {
  let dirty = dirtyOf.get(db)
  if (!dirty) dirtyOf.set(db, (dirty = new Set()))
  return dirty
}

/** The bus topic on which an instance announces a buyer whose demand changed (buyer-maps/routes.ts hears it). */
export const DEMAND_TOPIC = 'buyer-demand'

/** Marks a buyer whose demand changed on this instance or another (their row is read again at the next read). */
export function markDemandChanged(db: Database, userId: string) {
  dirtySet(db).add(userId)
}

/**
 * Marks a buyer whose demand changed (called once the save has committed), here and on every other instance.
 * Resolves once the announcement has been sent, so the save's answer comes after it: a read the caller then
 * makes on another instance, after hearing anything announced later, counts the save.
 */
export async function demandChanged(db: Database, userId: string) {
  markDemandChanged(db, userId)
  // Best effort: the 5-minute full reload catches a lost announcement.
  await busFor(db)
    ?.publish(db, DEMAND_TOPIC, userId)
    .catch(() => undefined)
}

async function loadAll(db: Database): Promise<Snapshot> {
  patchedDuringLoad.set(db, new Set())
  const fresh: Snapshot = { columns: new DemandColumns(), slotOf: new Map(), loadedAt: Date.now(), version: 0 }
  for (const raw of await rowsOf<RawRow>(db, SELECT)) fresh.slotOf.set(raw.userId, fresh.columns.add(toRow(raw)))
  fresh.version = ++versions
  // The running patch (if any) is on the old snapshot: swap once it is done (or failed: its buyers are marked
  // again), and re-read what was patched meanwhile.
  await patches.get(db)?.catch(() => undefined)
  for (const id of patchedDuringLoad.get(db) ?? []) markDemandChanged(db, id)
  snapshots.set(db, fresh)
  return fresh
}

function startLoad(db: Database): Promise<Snapshot> {
  let load = loads.get(db)
  if (!load) {
    load = loadAll(db).finally(() => {
      loads.delete(db)
      patchedDuringLoad.delete(db)
    })
    loads.set(db, load)
  }
  return load
}

async function currentSnapshot(db: Database): Promise<Snapshot> {
  const snapshot = snapshots.get(db)
  if (!snapshot) return startLoad(db)
  if (Date.now() - snapshot.loadedAt > FULL_RELOAD_MS && !loads.has(db)) {
    // Readers keep the old snapshot; a failed reload is tried again by the next read.
    startLoad(db).catch(() => undefined)
  }
  return snapshot
}

/**
 * Reads every buyer's demand when the server is ready, not awaited by the start (a cheap query on an empty
 * database; at 100,000 buyers a few seconds, which no request then waits for). Never rejects: a failure (say
 * the app closed meanwhile) is reported and answers false, and the first read tries again.
 */
export async function warmDemand(db: Database, report: (error: unknown) => void): Promise<boolean> {
  try {
    await startLoad(db)
    return true
  } catch (error) {
    report(error)
    return false
  }
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
  const { columns, slotOf } = snapshot
  const kept = new Set<string>()
  for (const raw of changed) {
    kept.add(raw.userId)
    const slot = slotOf.get(raw.userId)
    if (slot === undefined) slotOf.set(raw.userId, columns.add(toRow(raw)))
    else columns.set(slot, toRow(raw))
  }
  for (const id of ids) {
    const slot = slotOf.get(id)
    if (!kept.has(id) && slot !== undefined) columns.remove(slot)
  }
  snapshot.version = ++versions
}

/** The current demand columns and their version, patched with every committed save this process made. */
export async function currentDemand(db: Database): Promise<Snapshot> {
  for (;;) {
    const snapshot = await currentSnapshot(db)
    const running = patches.get(db)
    if (running) {
      await running
      continue
    }
    const dirty = dirtyOf.get(db)
    if (!dirty?.size) return snapshot
    const ids = [...dirty]
    dirty.clear()
    for (const id of ids) patchedDuringLoad.get(db)?.add(id)
    const next = patch(db, snapshot, ids)
      .catch((error: unknown) => {
        // Read again by the next read rather than lost.
        for (const id of ids) dirtySet(db).add(id)
        throw error
      })
      .finally(() => patches.delete(db))
    patches.set(db, next)
    await next
  }
}
