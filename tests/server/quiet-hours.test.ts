import { describe, expect, it } from 'vitest'
import { isQuietHour, quietHoursEnd } from '../../server/modules/channels/quiet-hours'
import { timeZoneOfState } from '../../src/contract/time-zones'

const NEW_YORK = 'America/New_York'

describe('quiet hours (9 pm–8 am in the buyer’s time zone)', () => {
  it('lets a daytime message go at once', () => {
    // 14:00 in New York (EST, UTC-5).
    expect(quietHoursEnd(new Date('2026-01-15T19:00:00Z'), NEW_YORK)).toBeNull()
    expect(isQuietHour(new Date('2026-01-15T19:00:00Z'), NEW_YORK)).toBe(false)
  })

  it('holds a 10 pm message until 8 am the next local morning', () => {
    // 22:00 EST on Jan 15 → 08:00 EST on Jan 16 = 13:00 UTC.
    expect(quietHoursEnd(new Date('2026-01-16T03:00:00Z'), NEW_YORK)?.toISOString()).toBe('2026-01-16T13:00:00.000Z')
  })

  it('holds a 6 am message until 8 am the same day, and starts at 9 pm sharp', () => {
    expect(quietHoursEnd(new Date('2026-01-15T11:00:00Z'), NEW_YORK)?.toISOString()).toBe('2026-01-15T13:00:00.000Z')
    expect(isQuietHour(new Date('2026-01-16T01:59:59Z'), NEW_YORK)).toBe(false)
    expect(isQuietHour(new Date('2026-01-16T02:00:00Z'), NEW_YORK)).toBe(true)
    expect(quietHoursEnd(new Date('2026-01-15T13:00:00Z'), NEW_YORK)).toBeNull()
  })

  it('counts the spring-forward night (the clocks skip 2 am) to the right 8 am', () => {
    // Sat Mar 7 2026, 23:00 EST (UTC-5) → Sun Mar 8 08:00 EDT (UTC-4) = 12:00 UTC.
    expect(quietHoursEnd(new Date('2026-03-08T04:00:00Z'), NEW_YORK)?.toISOString()).toBe('2026-03-08T12:00:00.000Z')
  })

  it('counts the fall-back night (1 am happens twice) to the right 8 am', () => {
    // Sat Oct 31 2026, 22:30 EDT (UTC-4) → Sun Nov 1 08:00 EST (UTC-5) = 13:00 UTC.
    expect(quietHoursEnd(new Date('2026-11-01T02:30:00Z'), NEW_YORK)?.toISOString()).toBe('2026-11-01T13:00:00.000Z')
    // 1:30 am in the repeated hour (the EST one, 06:30 UTC) → 8 am EST the same morning.
    expect(quietHoursEnd(new Date('2026-11-01T06:30:00Z'), NEW_YORK)?.toISOString()).toBe('2026-11-01T13:00:00.000Z')
  })

  it('reads each state’s own zone: 10 pm in Los Angeles is 1 am in New York, Arizona keeps no DST', () => {
    const losAngeles = timeZoneOfState('CA')!
    // 22:00 PST on Dec 31 → 08:00 PST on Jan 1 2027 (over the year end) = 16:00 UTC.
    expect(quietHoursEnd(new Date('2027-01-01T06:00:00Z'), losAngeles)?.toISOString()).toBe('2027-01-01T16:00:00.000Z')
    // Phoenix is UTC-7 all year: 21:30 on Jul 4 → 08:00 on Jul 5 = 15:00 UTC.
    expect(quietHoursEnd(new Date('2026-07-05T04:30:00Z'), timeZoneOfState('AZ')!)?.toISOString()).toBe(
      '2026-07-05T15:00:00.000Z',
    )
    // 14:00 in Honolulu (UTC-10) is daytime there.
    expect(quietHoursEnd(new Date('2026-07-05T00:00:00Z'), timeZoneOfState('HI')!)).toBeNull()
  })
})
