import { z } from 'zod'

export const HealthSchema = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  version: z.string(),
})
export type Health = z.infer<typeof HealthSchema>

export const FeatureFlagsSchema = z.object({
  enableWebinarBanner: z.boolean(),
  /** Where the webinar banner sends people; the banner stays hidden without it. */
  webinarRegistrationUrl: z.url().nullable(),
})
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>

/** The API described as an OpenAPI 3.1 document, generated from this contract. */
export const OpenApiDocumentSchema = z.record(z.string(), z.unknown())
