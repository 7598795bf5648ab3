import type { FastifyRequest } from 'fastify'
import type { Offer } from '../../../src/contract'
import { csvDates, toCsv, type CsvColumn } from '../../lib/csv'

/**
 * The offers of a listing as CSV, in the caller's language with the labels of the seller's offers table
 * (myListings) and its times in the time zone the browser named (the headers say which).
 */
export function offersCsv(offers: readonly Offer[], request: FastifyRequest, timeZone?: string): string {
  const { t } = request
  const dates = csvDates(request.language, timeZone)
  const inZone = (label: string) => t('myListings:csv.inZone', { label, zone: dates.zone })
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
    { header: t('myListings:offers.columns.closeDate'), value: (o) => dates.day(o.closeOfEscrowDate) },
    { header: t('myListings:offers.columns.message'), value: (o) => o.message },
    { header: t('myListings:offers.columns.status'), value: (o) => t(`myListings:offers.statuses.${o.status}`) },
    { header: t('myListings:csv.declineReason'), value: (o) => o.declineReason },
    { header: inZone(t('myListings:offers.columns.received')), value: (o) => dates.dateTime(o.createdAt) },
    { header: inZone(t('myListings:csv.decided')), value: (o) => dates.dateTime(o.decidedAt) },
  ]
  return toCsv(offers, columns)
}
