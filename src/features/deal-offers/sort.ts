import type { ReceivedOffer } from '@/contract'

export const SORT_KEYS = ['date', 'amount', 'value', 'closeDate'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'
export type Sort = { key: SortKey; direction: SortDirection }

/** The list as the server gives it: newest first. */
export const DEFAULT_SORT: Sort = { key: 'date', direction: 'desc' }

/** A column's first click: newest, highest, soonest first (what a seller looks for); the next click reverses. */
const FIRST_DIRECTION: Record<SortKey, SortDirection> = {
  date: 'desc',
  amount: 'desc',
  value: 'desc',
  closeDate: 'asc',
}

/** The sort lives in the URL (`?sort=amount&dir=asc`), so it survives a reload; anything else is the default. */
export function readSort(params: URLSearchParams): Sort {
  const key = params.get('sort')
  const direction = params.get('dir')
  if (!SORT_KEYS.includes(key as SortKey)) return DEFAULT_SORT
  return {
    key: key as SortKey,
    direction: direction === 'asc' || direction === 'desc' ? direction : FIRST_DIRECTION[key as SortKey],
  }
}

/** The query after a click on `key`'s header. */
export function nextSortParams(params: URLSearchParams, current: Sort, key: SortKey): URLSearchParams {
  const direction = current.key === key ? (current.direction === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[key]
  const next = new URLSearchParams(params)
  next.set('sort', key)
  next.set('dir', direction)
  return next
}

/** A cash offer's purchase price or a creative one's entry fee: the amount the seller compares. */
export const offerAmount = (offer: Pick<ReceivedOffer, 'type' | 'purchasePrice' | 'entryFee'>) =>
  (offer.type === 'cash' ? offer.purchasePrice : offer.entryFee) ?? 0

type SortValue = number | string | null
/** An offer's value to the seller (offer-value.ts); null when it is unknown. */
export type ValueOf = (offer: ReceivedOffer) => number | null

const sortValue = (key: SortKey, offer: ReceivedOffer, valueOf: ValueOf): SortValue =>
  key === 'date'
    ? offer.createdAt
    : key === 'amount'
      ? offerAmount(offer)
      : key === 'value'
        ? valueOf(offer)
        : offer.closeOfEscrowDate

/**
 * The offers in `sort`'s order; ties keep the server's order (newest first). An unknown value sorts last
 * whichever the direction: it is neither high nor low.
 */
export function sortOffers(offers: readonly ReceivedOffer[], sort: Sort, valueOf: ValueOf): ReceivedOffer[] {
  const sign = sort.direction === 'asc' ? 1 : -1
  return offers
    .map((offer, index) => ({ offer, index, key: sortValue(sort.key, offer, valueOf) }))
    .sort((a, b) => {
      const x = a.key
      const y = b.key
      if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.index - b.index
      return (x < y ? -1 : x > y ? 1 : 0) * sign || a.index - b.index
    })
    .map(({ offer }) => offer)
}
