import { useState } from 'react'
import { queryNumber, discountRate, type ReceivedOffer } from '@/contract'
import type { ListingTerms } from '@/contract/deal-math/deal-terms'
import { DEFAULT_DISCOUNT_RATE, offerValue, type OfferValue } from '@/contract/deal-math/offer-value'

/** The discount rate lives in the URL (`?rate=6.5`) with the sort, so a reload keeps it. */
export const RATE_PARAM = 'rate'

const rateInQuery = queryNumber(discountRate())

/** The rate the query names when it is a valid one (0 to 100), else the default 8 %. */
export function readDiscountRate(params: URLSearchParams): number {
  const text = params.get(RATE_PARAM)
  if (text === null) return DEFAULT_DISCOUNT_RATE
  const parsed = rateInQuery.safeParse(text)
  return parsed.success ? parsed.data : DEFAULT_DISCOUNT_RATE
}

/** `text` as a rate when it is one the seller may choose, else null (the field says why). */
export function parseDiscountRate(text: string): number | null {
  const parsed = rateInQuery.safeParse(text.trim().replace(/%$/, '').trim())
  return parsed.success ? parsed.data : null
}

/**
 * Every offer's value to the seller at `rate`, from the listing's terms, as of when the page opened (the
 * listing's maturities count from that day, as the calculator counts them).
 */
export function useOfferValues(offers: readonly ReceivedOffer[], listing: ListingTerms, rate: number) {
  const [asOf] = useState(() => new Date())
  return new Map<string, OfferValue>(offers.map((offer) => [offer.id, offerValue(offer, listing, rate, asOf)]))
}
