/**
 * Quiet hours (issue 25): no text message or browser push between 9 pm and 8 am in the buyer's time zone
 * (their preferences' state, `timeZoneOfState`); what falls inside them waits for the next 8 am there.
 * Wall-clock times come from Intl, so daylight saving changes (a 23- or 25-hour night) are counted right.
 */
export const QUIET_FROM_HOUR = 21
export const QUIET_UNTIL_HOUR = 8

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number }

const formatters = new Map<string, Intl.DateTimeFormat>()

function wallClock(at: Date, timeZone: string): WallClock {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, Number(part.value)]))
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  }
}

/** Milliseconds the zone's wall clock is ahead of UTC at this instant (negative in the Americas). */
function offsetAt(at: Date, timeZone: string): number {
  const wall = wallClock(at, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return asUtc - (at.getTime() - at.getMilliseconds())
}

/** The instant the zone's clocks read `hour`:00 on that calendar day (8 am is never skipped by a US DST change). */
function instantOf(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour)
  // Two rounds: the offset at the first guess may differ from the one at the answer across a change.
  let guess = wallAsUtc - offsetAt(new Date(wallAsUtc), timeZone)
  guess = wallAsUtc - offsetAt(new Date(guess), timeZone)
  return new Date(guess)
}

/** True between 9 pm (included) and 8 am (excluded) on the zone's clocks. */
export function isQuietHour(at: Date, timeZone: string): boolean {
  const { hour } = wallClock(at, timeZone)
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR
}

/**
 * When a message written at `at` may go out: null when now is fine, otherwise the next 8 am in the zone
 * (the same day before 8 am, the next day from 9 pm).
 */
export function quietHoursEnd(at: Date, timeZone: string): Date | null {
  const wall = wallClock(at, timeZone)
  if (wall.hour >= QUIET_UNTIL_HOUR && wall.hour < QUIET_FROM_HOUR) return null
  if (wall.hour < QUIET_UNTIL_HOUR) return instantOf(wall.year, wall.month, wall.day, QUIET_UNTIL_HOUR, timeZone)
  // The next calendar day: Date.UTC rolls the day over month and year ends.
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1))
  return instantOf(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), QUIET_UNTIL_HOUR, timeZone)
}

/**
 * The `startAfter` for a job held until `notBefore` on the app's clock (`app.now()`): pg-boss compares it
 * with the DATABASE clock, so the wait is carried over as a duration from the system clock (the same thing
 * in production; in a test whose app clock is fake, the job stays waiting until the test makes it due).
 */
export function heldUntil(notBefore: Date, appNow: Date): Date {
  return new Date(Date.now() + Math.max(0, notBefore.getTime() - appNow.getTime()))
}
