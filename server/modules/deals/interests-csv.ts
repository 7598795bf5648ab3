import type { FastifyRequest } from 'fastify'
import type { Interest } from '../../../src/contract'
import { csvDates, toCsv, type CsvColumn } from '../../lib/csv'

/**
 * The interested buyers of a listing as CSV, in the caller's language with the labels of the deal page's
 * table (dealDetail) and the time in the time zone the browser named (the header says which).
 */
export function interestsCsv(interests: readonly Interest[], request: FastifyRequest, timeZone?: string): string {
  const { t } = request
  const dates = csvDates(request.language, timeZone)
  const columns: CsvColumn<Interest>[] = [
    { header: t('dealDetail:interests.columns.name'), value: (interest) => interest.name },
    { header: t('myListings:csv.email'), value: (interest) => interest.email },
    { header: t('dealDetail:interests.columns.phone'), value: (interest) => interest.phone },
    { header: t('dealDetail:interests.columns.message'), value: (interest) => interest.message },
    {
      header: t('myListings:csv.inZone', { label: t('dealDetail:interests.columns.date'), zone: dates.zone }),
      value: (interest) => dates.dateTime(interest.createdAt),
    },
  ]
  return toCsv(interests, columns)
}
