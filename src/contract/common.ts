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
