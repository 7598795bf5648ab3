import { z } from 'zod'
import { SavedSearchFiltersSchema } from './browse'
import { NOTIFICATION_CHANNELS, SEARCH_FREQUENCIES } from './values'

/*
 * Saved searches (issue 25): a buyer's named browse filters with their own alert frequency and channels,
 * beside the buy box. The filters travel and are stored in their query-string form (`z.encode` of
 * `SavedSearchFiltersSchema`), exactly as a shared /deals link carries them.
 */

/** How many searches one buyer keeps at most. */
export const SAVED_SEARCH_LIMIT = 20
export const SAVED_SEARCH_NAME_MAX = 60

const name = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, { error: 'validation:required' })
  .max(SAVED_SEARCH_NAME_MAX, { error: 'validation:tooBigString' })

/** The channels beyond the in-app notice (always on), so none at all is a valid choice; each at most once. */
const channels = z
  .array(z.enum(NOTIFICATION_CHANNELS))
  .max(NOTIFICATION_CHANNELS.length)
  .transform((list) => [...new Set(list)])

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  filters: SavedSearchFiltersSchema,
  frequency: z.enum(SEARCH_FREQUENCIES),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  createdAt: z.string(),
})
export type SavedSearch = z.output<typeof SavedSearchSchema>

export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema) })

/** `POST /api/saved-searches`: at least one filter (400 `fields.filters` otherwise). */
export const SavedSearchInputSchema = z.object({
  name,
  filters: SavedSearchFiltersSchema,
  frequency: z.enum(SEARCH_FREQUENCIES).default('daily'),
  channels: channels.default([]),
})
export type SavedSearchInput = z.input<typeof SavedSearchInputSchema>

/** `PATCH /api/saved-searches/:id`: what changes; the filters stay (save a new search for new filters). */
export const SavedSearchUpdateSchema = z.object({
  name: name.optional(),
  frequency: z.enum(SEARCH_FREQUENCIES).optional(),
  channels: channels.optional(),
})
export type SavedSearchUpdate = z.input<typeof SavedSearchUpdateSchema>
