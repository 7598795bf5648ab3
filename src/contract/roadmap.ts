import { z } from 'zod'
import { isoDate } from './fields'

/** The roadmap's columns, in the order the page shows them. */
export const ROADMAP_COLUMNS = ['planned', 'in_progress', 'shipped'] as const
export const RoadmapStatusSchema = z.enum(ROADMAP_COLUMNS)
export type RoadmapStatus = z.infer<typeof RoadmapStatusSchema>

export const ROADMAP_TITLE_MAX = 120
export const ROADMAP_DESCRIPTION_MAX = 500

/**
 * One roadmap item in both languages (the page shows the reader's, and switches without asking again),
 * with its vote count. `position` orders it within its column.
 */
export const RoadmapItemSchema = z.object({
  id: z.string(),
  status: RoadmapStatusSchema,
  position: z.number().int(),
  titleEn: z.string(),
  titleEs: z.string(),
  descriptionEn: z.string(),
  descriptionEs: z.string(),
  votes: z.number().int().min(0),
  updatedAt: isoDate,
})
export type RoadmapItem = z.infer<typeof RoadmapItemSchema>

/** Every item, each column ordered by position. */
export const RoadmapSchema = z.object({ items: z.array(RoadmapItemSchema) })
export type Roadmap = z.infer<typeof RoadmapSchema>

/** The items the signed-in caller has voted for. */
export const RoadmapMyVotesSchema = z.object({ itemIds: z.array(z.string()) })

export const RoadmapVoteResultSchema = z.object({ itemId: z.string(), voted: z.boolean(), votes: z.number().int() })
export type RoadmapVoteResult = z.infer<typeof RoadmapVoteResultSchema>

const requiredText = (max: number) =>
  z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, { error: 'validation:required' })
    .max(max, { error: 'validation:tooBigString' })

/** What an admin writes: the title and description in both languages, all required. */
export const RoadmapItemTextSchema = z.object({
  titleEn: requiredText(ROADMAP_TITLE_MAX),
  titleEs: requiredText(ROADMAP_TITLE_MAX),
  descriptionEn: requiredText(ROADMAP_DESCRIPTION_MAX),
  descriptionEs: requiredText(ROADMAP_DESCRIPTION_MAX),
})
export type RoadmapItemText = z.infer<typeof RoadmapItemTextSchema>

/** A new item goes to the end of its column. */
export const RoadmapItemCreateSchema = RoadmapItemTextSchema.extend({ status: RoadmapStatusSchema })
export type RoadmapItemCreate = z.infer<typeof RoadmapItemCreateSchema>

/**
 * Where an item goes: its column and its index in that column (0 is the top; past the end means last).
 * Moving up or down keeps the column; moving to another column changes it.
 */
export const RoadmapMoveSchema = z.object({
  status: RoadmapStatusSchema,
  position: z.number().int().min(0).max(10_000),
})
export type RoadmapMove = z.infer<typeof RoadmapMoveSchema>
