import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm'
import {
  CREATIVE_AUTO_TAGS,
  STATUS_TRANSITIONS,
  type DealInput,
  type StatusChangeInputSchema,
} from '../../../src/contract'
import type { z } from 'zod'
import type { Database } from '../../db/client'
import { deals, dealStatusHistory, offers } from '../../db/schema'
import { AppError } from '../../http/errors'
import type { UserRow } from '../users/repository'
import { normalizedAddressKey } from './address'
import { geocodeZip } from './geocode'
import {
  assertMayManage,
  columnsFromInput,
  dealsWritten,
  findLiveDeal,
  type DealRow,
  type DealStatus,
} from './repository'

type Actor = Pick<UserRow, 'id' | 'roles'>
type StatusChange = z.output<typeof StatusChangeInputSchema>

/** Statuses whose listing no longer holds its address: a new listing of the property is then welcome. */
const RELEASED_STATUSES: DealStatus[] = ['deleted', 'sold', 'canceled']

/** Creative listings always carry these tags (spec §9), whatever the seller picked. */
function withAutoTags(input: DealInput): DealInput['tags'] {
  if (input.dealCategory !== 'creative') return input.tags
  return [...new Set([...input.tags, ...CREATIVE_AUTO_TAGS])]
}

/** How a save treats the seller's own live listings of the same property. */
export type SameAddressOption = {
  /** The seller confirmed publishing another version (e.g. a cash and a creative one) of a property they list. */
  sameAddressConfirmed?: boolean
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * A transaction writing listings: browse's remembered estimates are forgotten before and after it. Every
 * write to listings (this module's and the offers module's acceptance) goes through it.
 */
export function writingDeals<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return dealsWritten.writing(db, () => db.transaction(work))
}

/**
 * 409 `duplicate_address` when another user already lists this property, with a link to that listing
 * unless its address is hidden (the link would confirm a street its seller keeps private). Then, unless
 * `sameAddressConfirmed`, 409 `own_duplicate_address` with a link to the seller's own live listing of it:
 * listing one property twice is allowed on purpose (a cash and a creative version), but should be a choice.
 */
async function assertAddressFree(
  db: Database,
  key: string,
  sellerId: string,
  { exceptId, sameAddressConfirmed = false }: SameAddressOption & { exceptId?: string } = {},
) {
  // Serialises writers of one address, so two sellers racing cannot both pass the check.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
  const live = await db
    .select({ id: deals.id, sellerId: deals.sellerId, hideAddress: deals.hideAddress })
    .from(deals)
    .where(
      and(
        eq(deals.normalizedAddress, key),
        notInArray(deals.status, RELEASED_STATUSES),
        ...(exceptId ? [ne(deals.id, exceptId)] : []),
      ),
    )
    .orderBy(desc(deals.createdAt))
  const others = live.filter((row) => row.sellerId !== sellerId)
  // Link a listing whose street is public when there is one.
  const othersListing = others.find((row) => !row.hideAddress) ?? others[0]
  if (othersListing) {
    const extra = othersListing.hideAddress ? undefined : { existingDealId: othersListing.id }
    throw new AppError(409, 'duplicate_address', 'duplicateAddress', { ...(extra && { extra }) })
  }
  const ownListing = live[0]
  if (ownListing && !sameAddressConfirmed) {
    throw new AppError(409, 'own_duplicate_address', 'ownDuplicateAddress', {
      extra: { existingDealId: ownListing.id },
    })
  }
}

export async function createDeal(
  db: Database,
  seller: Actor,
  input: DealInput,
  options: SameAddressOption = {},
): Promise<DealRow> {
  const normalizedAddress = normalizedAddressKey(input.streetAddress, input.zipCode)
  const position = await geocodeZip(input.zipCode)
  return writingDeals(db, async (tx) => {
    await assertAddressFree(tx, normalizedAddress, seller.id, options)
    const [row] = await tx
      .insert(deals)
      .values({
        ...columnsFromInput(input),
        ...position,
        tags: withAutoTags(input),
        sellerId: seller.id,
        status: input.initialStatus,
        normalizedAddress,
      })
      .returning({ id: deals.id })
    if (!row) throw new Error('Listing insert returned nothing')
    await tx
      .insert(dealStatusHistory)
      .values({ dealId: row.id, status: input.initialStatus, source: 'system', createdBy: seller.id })
    return findLiveDeal(tx, row.id)
  })
}

export async function updateDeal(
  db: Database,
  actor: Actor,
  id: string,
  input: DealInput,
  options: SameAddressOption = {},
): Promise<DealRow> {
  const normalizedAddress = normalizedAddressKey(input.streetAddress, input.zipCode)
  return writingDeals(db, async (tx) => {
    const current = await findLiveDeal(tx, id, { lock: true })
    assertMayManage(actor, current)
    // The duplicate rule is about the listing's seller, whoever (admin, owner) edits it. A listing that stays
    // at its address was settled when it got there: only a move asks the seller again.
    await assertAddressFree(tx, normalizedAddress, current.sellerId, {
      exceptId: id,
      sameAddressConfirmed: options.sameAddressConfirmed || normalizedAddress === current.normalizedAddress,
    })
    const position =
      current.zipCode === input.zipCode
        ? { latitude: current.latitude, longitude: current.longitude }
        : await geocodeZip(input.zipCode)
    await tx
      .update(deals)
      .set({
        ...columnsFromInput(input),
        ...position,
        tags: withAutoTags(input),
        normalizedAddress,
        updatedAt: sql`now()`,
        // An edit is the seller's word that the listing is current (freshness): a new stale period begins.
        confirmedAt: sql`now()`,
        staleRemindedAt: null,
      })
      .where(eq(deals.id, id))
    return findLiveDeal(tx, id)
  })
}

export function isTransitionAllowed(from: DealStatus, to: DealStatus): boolean {
  if (from === 'deleted' || to === 'deleted') return false
  return STATUS_TRANSITIONS[from].includes(to)
}

export async function changeStatus(db: Database, actor: Actor, id: string, change: StatusChange): Promise<DealRow> {
  return writingDeals(db, async (tx) => {
    const current = await findLiveDeal(tx, id, { lock: true })
    assertMayManage(actor, current)
    const allowed =
      isTransitionAllowed(current.status, change.status) &&
      // Only the seller may bring back a listing they canceled (README Decisions).
      !(current.status === 'canceled' && current.sellerId !== actor.id)
    if (!allowed) throw new AppError(409, 'status_not_allowed', 'statusNotAllowed')
    await applyStatusChange(tx, actor, current, change)
    // A status set by hand is a fresh word on the listing too (a relisted one starts a new stale period).
    await tx
      .update(deals)
      .set({ confirmedAt: sql`now()`, staleRemindedAt: null })
      .where(eq(deals.id, id))
    return findLiveDeal(tx, id)
  })
}

/**
 * Writes a status change the caller has judged allowed, inside its `writingDeals` transaction with the
 * listing's row locked: the new status and its history entry. A listing that leaves pending without being
 * sold releases its accepted offer (`released`), so buyers may offer on it again.
 */
export async function applyStatusChange(
  tx: Database,
  actor: Actor | null,
  current: Pick<DealRow, 'id' | 'status'>,
  change: StatusChange,
  /** `system` for a change no person made (null actor): freshness's automatic cancel. */
  options: { source?: 'system' } = {},
): Promise<void> {
  await tx
    .update(deals)
    .set({ status: change.status, updatedAt: sql`now()` })
    .where(eq(deals.id, current.id))
  await tx.insert(dealStatusHistory).values({
    dealId: current.id,
    status: change.status,
    source: options.source ?? (change.onPlatform ? 'platform' : 'off-platform'),
    comments: change.comments ?? null,
    reason: change.reason ?? null,
    createdBy: actor?.id ?? null,
  })
  if (current.status === 'pending' && change.status !== 'sold') {
    await tx
      .update(offers)
      .set({ status: 'released', decidedAt: sql`now()` })
      .where(and(eq(offers.dealId, current.id), eq(offers.status, 'accepted')))
  }
}

/** Soft delete: the row and its history stay; every reader then answers "Listing not found". */
export async function deleteDeal(db: Database, actor: Actor, id: string): Promise<void> {
  await writingDeals(db, async (tx) => {
    const current = await findLiveDeal(tx, id, { lock: true })
    assertMayManage(actor, current)
    await tx
      .update(deals)
      .set({ status: 'deleted', deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(deals.id, id))
    await tx
      .insert(dealStatusHistory)
      .values({ dealId: id, status: 'deleted', source: 'platform', createdBy: actor.id })
  })
}
