export type RelativeTimeOptions = {
  /** Injected so tests and callers rendering a list can share one reference instant. */
  now?: Date
  language: 'en' | 'es'
  /** Already translated by the caller; this module stays free of i18n wiring. */
  justNow: string
}

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
// The spec counts months as 30 days, so "12 months" (360 days) already reads as a year.
const MONTH = 30 * DAY
const YEAR = 365 * DAY

const JUST_NOW_LIMIT = 5 * SECOND

const toTime = (value: Date | string | number): number =>
  value instanceof Date ? value.getTime() : new Date(value).getTime()

/**
 * "5 minutes ago" / "hace 5 minutos" / "in 3 days".
 *
 * Units are floored so a value never rounds up into the next unit early
 * (59 s stays seconds, 60 s becomes "1 minute"). `numeric: 'always'` keeps
 * "1 day ago" instead of "yesterday", matching the other units' wording.
 */
export const formatRelativeTime = (date: Date | string | number, options: RelativeTimeOptions): string => {
  const then = toTime(date)
  const now = (options.now ?? new Date()).getTime()
  if (!Number.isFinite(then) || !Number.isFinite(now)) return ''

  const diff = then - now
  const abs = Math.abs(diff)
  if (abs <= JUST_NOW_LIMIT) return options.justNow

  const [amount, unit] = pickUnit(abs)
  // Building the sign separately avoids "-0", which Intl would render as past tense.
  const signed = diff < 0 ? -amount : amount
  return new Intl.RelativeTimeFormat(options.language, { numeric: 'always' }).format(signed, unit)
}

const pickUnit = (abs: number): [number, Intl.RelativeTimeFormatUnit] => {
  if (abs < MINUTE) return [Math.floor(abs / SECOND), 'second']
  if (abs < HOUR) return [Math.floor(abs / MINUTE), 'minute']
  if (abs < DAY) return [Math.floor(abs / HOUR), 'hour']
  if (abs < MONTH) return [Math.floor(abs / DAY), 'day']
  if (abs < 12 * MONTH) return [Math.floor(abs / MONTH), 'month']
  // Between 360 and 365 days a plain 365-day division gives 0; it is still "1 year".
  return [Math.max(1, Math.floor(abs / YEAR)), 'year']
}
