import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm'
import { isRowId, staleDaysOf, type Deal, type DealInput, type StatusHistoryEntry } from '../../../src/contract'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { dealFavorites, deals, dealStatusHistory } from '../../db/schema'
import { AppError } from '../../http/errors'
import { createWriteGeneration } from '../../lib/read-cache'
import { readAll } from '../../db/reads'
import { getSettingRemembered } from '../settings/service'
import type { UserRow } from '../users/repository'
import { hasAllAccess, isPrivileged } from '../users/roles'
import { isAddressHiddenFrom } from './facts'
import { toDealPhoto } from './photo-list'

// The search vector is Postgres' business; reading it back would only cost bytes.
export const { searchVector: _searchVector, ...dealColumns } = getTableColumns(deals)

/** Bumped by every write to listings through service.ts; browse's remembered estimates compare with it. */
export const dealsWritten = createWriteGeneration('deals')

export type DealRow = Omit<typeof deals.$inferSelect, 'searchVector'>
export type DealStatus = DealRow['status']

export const listingNotFound = () => new AppError(404, 'listing_not_found', 'listingNotFound')

/** The listing unless it is deleted (or the id is not even an id): both are "Listing not found". */
export async function findLiveDeal(db: Database, id: string, options: { lock?: boolean } = {}): Promise<DealRow> {
  if (!isRowId(id)) throw listingNotFound()
  const query = db
    .select(dealColumns)
    .from(deals)
    .where(and(eq(deals.id, id), sql`${deals.status} <> 'deleted'`))
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw listingNotFound()
  return row
}

/**
 * Admins and owners manage every listing (spec §6). Otherwise managing a listing (edit, status, delete,
 * photos, its interested buyers) takes being privileged (the seller role) as well as being its seller: a seller whose role was removed keeps none of it, and their live listings stay as they
 * are until an admin acts.
 */
export const mayManage = (user: Pick<UserRow, 'id' | 'roles'>, deal: Pick<DealRow, 'sellerId'>) =>
  hasAllAccess(user.roles) || (deal.sellerId === user.id && isPrivileged(user.roles))

export function assertMayManage(user: Pick<UserRow, 'id' | 'roles'>, deal: Pick<DealRow, 'sellerId'>) {
  if (!mayManage(user, deal)) throw new AppError(403, 'forbidden', 'forbidden')
}

export function availabilityOf(status: DealStatus): Deal['availability'] {
  if (status === 'active' || status === 'exclusive') return 'available'
  if (status === 'pending') return 'no-new-offers'
  return 'unavailable'
}

/** Columns written from the form: the input minus what is not a column or is decided by the server. */
export function columnsFromInput(input: DealInput) {
  const { initialStatus: _initialStatus, ...fields } = input
  return fields
}

export async function statusHistoryOf(db: Database, dealId: string): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .select()
    .from(dealStatusHistory)
    .where(eq(dealStatusHistory.dealId, dealId))
    .orderBy(asc(dealStatusHistory.createdAt), asc(dealStatusHistory.id))
  return rows.map((row) => ({
    status: row.status,
    date: row.createdAt.toISOString(),
    source: row.source,
    comments: row.comments,
    reason: row.reason,
  }))
}

export async function favoriteCountOf(db: Database, dealId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dealFavorites).where(eq(dealFavorites.dealId, dealId))
  return row?.n ?? 0
}

type JsonColumn<T> = T | string

/** A json column as drivers hand it back: parsed, or as text. */
const parsed = <T>(value: JsonColumn<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

type PhotoJson = { id: string; displayKey: string; thumbKey: string; width: number; height: number; position: number }
type HistoryJson = Omit<StatusHistoryEntry, 'date'> & { date: string }
type InterestJson = { name: string; phone: string; message: string }
type ListedByJson = Pick<UserRow, 'firstName' | 'lastName' | 'companyName' | 'companyLogoUrl' | 'callBookingLink'>

/**
 * What a listing's page shows beside its row (photos, status history, favorites, the viewer's own interest,
 * who lists it), in one statement: on PGlite each statement costs about as much as its work, so seven small
 * reads cost seven times one.
 */
async function listingExtrasOf(db: Database, dealId: string, sellerId: string, viewerId: string) {
  const rows = await rowsOf<{
    photos: JsonColumn<PhotoJson[]>
    history: JsonColumn<HistoryJson[]>
    favorite_count: number
    is_favorite: boolean
    interest: JsonColumn<InterestJson> | null
    accepted_buyer_id: string | null
    listed_by: JsonColumn<ListedByJson> | null
  }>(
    db,
    sql`
    select
      (select coalesce(json_agg(json_build_object('id', p.id, 'displayKey', p.display_key, 'thumbKey', p.thumb_key,
          'width', p.width, 'height', p.height, 'position', p.position) order by p.position, p.created_at), '[]'::json)
        from deal_photos p where p.deal_id = ${dealId}) as photos,
      (select coalesce(json_agg(json_build_object('status', h.status, 'date', h.created_at, 'source', h.source,
          'comments', h.comments, 'reason', h.reason) order by h.created_at, h.id), '[]'::json)
        from deal_status_history h where h.deal_id = ${dealId}) as history,
      (select count(*)::int from deal_favorites f where f.deal_id = ${dealId}) as favorite_count,
      exists (select 1 from deal_favorites f where f.deal_id = ${dealId} and f.user_id = ${viewerId}) as is_favorite,
      (select json_build_object('name', i.name, 'phone', i.phone, 'message', i.message)
        from deal_interests i where i.deal_id = ${dealId} and i.buyer_id = ${viewerId}) as interest,
      (select o.buyer_id from offers o where o.deal_id = ${dealId} and o.status = 'accepted' limit 1)
        as accepted_buyer_id,
      (select json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'companyName', u.company_name,
          'companyLogoUrl', u.company_logo_url, 'callBookingLink', u.call_booking_link)
        from users u where u.id = ${sellerId}) as listed_by`,
  )
  const extras = rows[0]! // a select without FROM answers one row
  return {
    photos: parsed(extras.photos).map(toDealPhoto),
    // The same order and dates as statusHistoryOf (json carries the timestamp as PostgreSQL writes it).
    statusHistory: parsed(extras.history).map((entry) => ({ ...entry, date: new Date(entry.date).toISOString() })),
    favoriteCount: extras.favorite_count,
    isFavorite: extras.is_favorite,
    interest: extras.interest === null ? null : parsed(extras.interest),
    acceptedBuyerId: extras.accepted_buyer_id,
    listedBy: extras.listed_by === null ? undefined : parsed(extras.listed_by),
  }
}

/** The listing as `GET /api/deals/:id` answers it, seen by `viewer`. */
export async function toDeal(
  db: Database,
  row: DealRow,
  viewer: Pick<UserRow, 'id' | 'roles'>,
  now: Date = new Date(),
): Promise<Deal> {
  const isOwner = row.sellerId === viewer.id
  const seesEverything = isOwner || hasAllAccess(viewer.roles)
  const [{ listedBy, photos, statusHistory, favoriteCount, isFavorite, interest, acceptedBuyerId }, freshness] =
    await readAll(db, [
      () => listingExtrasOf(db, row.id, row.sellerId, viewer.id),
      () => getSettingRemembered(db, 'listing_freshness'),
    ])
  const {
    sellerId,
    normalizedAddress: _normalizedAddress,
    priorityNotifiedCount,
    priorityNotifiedAt,
    othersNotifiedAt: _othersNotifiedAt,
    createdAt,
    updatedAt,
    deletedAt: _deletedAt,
    confirmedAt,
    staleRemindedAt: _staleRemindedAt,
    streetAddress,
    ...fields
  } = row
  const addressHidden = isAddressHiddenFrom({ ...row, acceptedBuyerId }, viewer)
  return {
    ...fields,
    streetAddress: addressHidden ? null : streetAddress,
    addressHidden,
    availability: availabilityOf(row.status),
    photos,
    listedBy: {
      id: sellerId,
      firstName: listedBy?.firstName ?? null,
      lastName: listedBy?.lastName ?? null,
      companyName: listedBy?.companyName ?? null,
      companyLogoUrl: listedBy?.companyLogoUrl ?? null,
      callBookingLink: listedBy?.callBookingLink ?? null,
    },
    listedOn: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    favoriteCount,
    isFavorite,
    hasExpressedInterest: interest !== null,
    myInterest: interest,
    isOwner,
    // The statuses and dates are everyone's; the seller's comments and cancel reasons are for who manages it.
    statusHistory: seesEverything
      ? statusHistory
      : statusHistory.map((entry) => ({ ...entry, comments: null, reason: null })),
    priorityNotification: seesEverything
      ? { count: priorityNotifiedCount, sentAt: priorityNotifiedAt?.toISOString() ?? null }
      : null,
    staleDays:
      availabilityOf(row.status) === 'available'
        ? staleDaysOf(confirmedAt, freshness.listingStaleAfterDays, now)
        : null,
  } satisfies Deal
}
