import { z } from 'zod'
import { queryNumber } from './fields'

/** The error body every endpoint answers with on a non-2xx status (API.md). */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>

export const LanguageSchema = z.enum(['en', 'es'])
export type Language = z.infer<typeof LanguageSchema>

/** Lists are paginated as `{ items, total, page, pageSize }` with pageSize at most 100. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive().max(100),
  })

export const PageQuerySchema = z.object({
  page: queryNumber(z.number().int().positive()).default(1),
  pageSize: queryNumber(z.number().int().positive().max(100)).default(20),
})

/** Whether this runtime knows `zone` as an IANA time zone ("America/Chicago", "UTC"). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The query of a CSV export: the time zone its dates and times are written in, the browser's own (its
 * header names it); without one they are in UTC.
 */
export const CsvExportQuerySchema = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, { error: 'validation:invalidTimeZone' }).optional(),
})
export type CsvExportQuery = z.infer<typeof CsvExportQuerySchema>
