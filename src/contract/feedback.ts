import { z } from 'zod'
import { HumanCheckAnswerSchema } from './auth'
import { isoDate, queryNumber } from './fields'
import { pageOf } from './common'

/** Spec §3 Feedback: bug report, feature idea, question; reviewed open → in progress → resolved. */
export const FEEDBACK_TYPES = ['bug', 'feature', 'question'] as const
export const FEEDBACK_STATUSES = ['open', 'in_progress', 'resolved'] as const
export const FeedbackTypeSchema = z.enum(FEEDBACK_TYPES, { error: 'validation:required' })
export const FeedbackStatusSchema = z.enum(FEEDBACK_STATUSES)
export type FeedbackType = z.infer<typeof FeedbackTypeSchema>
export type FeedbackStatus = z.infer<typeof FeedbackStatusSchema>

/** Spec §5 and §9: the comment is trimmed and at most 500 characters. */
export const FEEDBACK_COMMENT_MAX = 500
/** Spec §9: a screenshot under 10 MB. */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024

/**
 * The text fields of `POST /api/feedback` (multipart: these, and for a bug report an optional image in the
 * `file` part). `ownersClub` is "true" from /owners-feedback; the human check is the request-access form's.
 */
export const FeedbackInputSchema = z.object({
  type: FeedbackTypeSchema,
  comment: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, { error: 'validation:required' })
    .max(FEEDBACK_COMMENT_MAX, { error: 'validation:tooBigString' }),
  /** The page the widget was opened on: a path (and query) of this site, never an origin. */
  page: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/(?!\/)/, { error: 'validation:invalid' })
    .optional(),
  ownersClub: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  humanCheckToken: HumanCheckAnswerSchema.shape.token,
  humanCheckAnswer: HumanCheckAnswerSchema.shape.answer,
})
export type FeedbackInput = z.input<typeof FeedbackInputSchema>

/** One's own feedback as /feedback lists it. */
export const MyFeedbackSchema = z.object({
  id: z.string(),
  type: FeedbackTypeSchema,
  comment: z.string(),
  page: z.string().nullable(),
  hasScreenshot: z.boolean(),
  ownersClub: z.boolean(),
  status: FeedbackStatusSchema,
  createdAt: isoDate,
})
export type MyFeedback = z.infer<typeof MyFeedbackSchema>
export const MyFeedbackListSchema = z.object({ items: z.array(MyFeedbackSchema) })

/** Feedback as the admins' review lists it: with its sender. */
export const AdminFeedbackSchema = MyFeedbackSchema.extend({
  sender: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  updatedAt: isoDate,
})
export type AdminFeedback = z.infer<typeof AdminFeedbackSchema>
export const AdminFeedbackPageSchema = pageOf(AdminFeedbackSchema)

export const AdminFeedbackQuerySchema = z.object({
  type: FeedbackTypeSchema.optional(),
  status: FeedbackStatusSchema.optional(),
  /** Matches the comment, the page or the sender's e-mail or name. */
  q: z.string().trim().max(100).optional(),
  page: queryNumber(z.number().int().positive()).default(1),
  pageSize: queryNumber(z.number().int().positive().max(100)).default(20),
})
export type AdminFeedbackQuery = z.input<typeof AdminFeedbackQuerySchema>

export const AdminFeedbackUpdateSchema = z.object({ status: FeedbackStatusSchema })
