import type { FastifyRequest } from 'fastify'
import type { Offer } from '../../../src/contract'
import type { ListingTerms } from '../../../src/contract/deal-math/deal-terms'
import { DEFAULT_DISCOUNT_RATE, offerValue } from '../../../src/contract/deal-math/offer-value'
import { csvDates, toCsv, type CsvColumn } from '../../lib/csv'

export type OffersCsvOptions = {
  /** The IANA zone the browser named; UTC when none. */
  timeZone?: string
  /** The rate the seller values later payments at on the page (annual %); the page's default 8 % when none. */
  discountRate?: number
  /** "Today" for the listing's maturities, as the calculator counts them. */
  asOf: Date
}

/** Dollars to the cent, as a number a spreadsheet reads. */
const cents = (value: number) => Math.round(value * 100) / 100

/**
 * The offers of a listing as CSV, in the caller's language with the labels of the seller's offers table
 * (myListings) and its times in the time zone the browser named (the headers say which). The value columns
 * are the page's (deal-math/offer-value.ts, the same function): cash at close, the present value of what
 * comes later and their sum, at the rate the request carries so the file matches the screen; "Unknown" where
 * the listing lacks a term the value needs.
 */
export function offersCsv(
  offers: readonly Offer[],
  listing: ListingTerms,
  request: FastifyRequest,
  { timeZone, discountRate = DEFAULT_DISCOUNT_RATE, asOf }: OffersCsvOptions,
): string {
  const { t } = request
  const dates = csvDates(request.language, timeZone)
  const inZone = (label: string) => t('myListings:csv.inZone', { label, zone: dates.zone })
  const values = new Map(offers.map((offer) => [offer.id, offerValue(offer, listing, discountRate, asOf)]))
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? t('myListings:offers.value.unknown') : cents(value)
  const columns: CsvColumn<Offer>[] = [
    {
      header: t('myListings:offers.columns.buyer'),
      value: (o) => o.buyer.name || t('myListings:offers.buyerFallback'),
    },
    {
      header: t('myListings:offers.certified'),
      value: (o) => t(o.buyer.certified ? 'myListings:csv.yes' : 'myListings:csv.no'),
    },
    { header: t('myListings:offers.columns.type'), value: (o) => t(`values:dealCategories.${o.type}`) },
    { header: t('myListings:offers.amountKinds.cash'), value: (o) => o.purchasePrice },
    { header: t('myListings:offers.amountKinds.creative'), value: (o) => o.entryFee },
    { header: t('myListings:csv.discountRate'), value: () => discountRate },
    { header: t('myListings:csv.atClose'), value: (o) => money(values.get(o.id)?.atClose) },
    { header: t('myListings:csv.laterValue'), value: (o) => money(values.get(o.id)?.laterValue) },
    { header: t('myListings:csv.value'), value: (o) => money(values.get(o.id)?.total) },
    { header: t('myListings:offers.columns.closeDate'), value: (o) => dates.day(o.closeOfEscrowDate) },
    { header: t('myListings:offers.columns.message'), value: (o) => o.message },
    { header: t('myListings:offers.columns.status'), value: (o) => t(`myListings:offers.statuses.${o.status}`) },
    { header: t('myListings:csv.declineReason'), value: (o) => o.declineReason },
    { header: inZone(t('myListings:offers.columns.received')), value: (o) => dates.dateTime(o.createdAt) },
    { header: inZone(t('myListings:csv.decided')), value: (o) => dates.dateTime(o.decidedAt) },
  ]
  return toCsv(offers, columns)
}
