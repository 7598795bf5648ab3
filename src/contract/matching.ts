import { z } from 'zod'

/**
 * Buyer matching (issue 25): a listing scored 0–100 against a buyer's buy box and preferences, with the
 * reasons as data. The server's scorer (server/modules/matching) writes them; `describeReason`
 * (./matching-reasons) words them in the reader's language, so a mail, a card and a page say the same.
 */

/** One criterion a buyer can set; a reason names the criterion it judged. */
export const REASON_CODES = [
  'area',
  'state',
  'price',
  'monthlyPayment',
  'cashToClose',
  'dealType',
  'financing',
  'propertyType',
  'bedrooms',
  'bathrooms',
  'squareFeet',
  'lotSize',
  'yearBuilt',
  'age',
  'hoa',
  'newConstruction',
  'condition',
] as const
export type ReasonCode = (typeof REASON_CODES)[number]

/** `match`: the listing meets it; `miss`: it does not; `unknown`: the listing or the buyer lacks the data. */
export const REASON_OUTCOMES = ['match', 'miss', 'unknown'] as const
export type ReasonOutcome = (typeof REASON_OUTCOMES)[number]

/**
 * What was compared, as numbers (dollars, miles, square feet, years) and codes (a state, a property type):
 * never prose, so each reader words it in their own language. Which keys a code carries is listed in
 * ./matching-reasons.
 */
export const ReasonValuesSchema = z.record(z.string(), z.union([z.number(), z.string()]))
export type ReasonValues = z.infer<typeof ReasonValuesSchema>

export const ReasonSchema = z.object({
  code: z.enum(REASON_CODES),
  outcome: z.enum(REASON_OUTCOMES),
  /** The criterion's weight in the score (the server's constant table). */
  weight: z.number(),
  values: ReasonValuesSchema,
})
export type Reason = z.infer<typeof ReasonSchema>

/** A listing's score for one buyer: 0–100, and every criterion the buyer set, most important first. */
export const MatchScoreSchema = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(ReasonSchema),
})
export type MatchScore = z.infer<typeof MatchScoreSchema>
