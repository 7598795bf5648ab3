import { PreferencesSchema, type SEARCH_FREQUENCIES } from '../../../src/contract'
import type { Channel } from './send'

export type Frequency = (typeof SEARCH_FREQUENCIES)[number]

/**
 * Frequency and channels of the buy box's alerts, from the preferences. A buyer with a buy box and no
 * (parsable) preferences has chosen neither: they get the in-app notice at once, nothing more (no channel
 * to unsubscribe from, and nowhere to keep an unsubscribe until they save preferences).
 */
export function buyBoxDelivery(preferences: unknown): { frequency: Frequency; channels: Channel[] } {
  const parsed = preferences == null ? null : PreferencesSchema.safeParse(preferences)
  if (!parsed?.success) return { frequency: 'real-time', channels: [] }
  return { frequency: parsed.data.searchFrequency, channels: parsed.data.notificationChannels }
}

/** The state the buyer's preferences name (their time zone's), or null. */
export const stateOf = (preferences: unknown) =>
  preferences && typeof preferences === 'object' && 'state' in preferences && typeof preferences.state === 'string'
    ? preferences.state
    : null
