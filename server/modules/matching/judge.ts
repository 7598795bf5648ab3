import type { ReasonCode, ReasonOutcome, ReasonValues } from '../../../src/contract/matching'
import type { DealTerms } from '../../../src/contract/deal-math/deal-terms'
import type { BuyerCriteria, MatchListing } from './criteria'

/** A criterion's verdict before it is weighed; null when the buyer did not set the criterion. */
export type Verdict = { code: ReasonCode; outcome: ReasonOutcome; values: ReasonValues }

/** What every check may read: the listing, the buyer, the calculator's figures for the listing, the year. */
export type Context = { listing: MatchListing; buyer: BuyerCriteria; terms: DealTerms; year: number }

export type Check = (context: Context) => Verdict | null

/** Only the values that are known (a reason's values are numbers and strings, never null). */
export function known(values: Record<string, number | string | null | undefined>): ReasonValues {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, number | string] => entry[1] != null),
  )
}

export const verdict = (code: ReasonCode, outcome: ReasonOutcome, values: ReasonValues = {}): Verdict => ({
  code,
  outcome,
  values,
})

/** A "the listing's number is at least the buyer's minimum" check; a minimum of 0 asks for nothing. */
export function atLeast(code: ReasonCode, value: number | null, min: number | null, key: string): Verdict | null {
  if (min === null || min <= 0) return null
  if (value === null) return verdict(code, 'unknown', { min })
  return verdict(code, value >= min ? 'match' : 'miss', { [key]: value, min })
}

export const roundCents = (value: number) => Math.round(value * 100) / 100
