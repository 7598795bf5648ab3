import { format } from 'date-fns'
import { enUS } from 'date-fns/locale/en-US'
import { es } from 'date-fns/locale/es'

/**
 * The app's date styles (date-fns long formats, so each language writes them its own way):
 * `date` "Nov 2, 2026" / "2 nov 2026"; `longDate` "November 2nd, 2026" / "2 de noviembre de 2026";
 * `dateTime` and `longDateTime` add the time ("3:04 PM" / "15:04").
 */
const PATTERNS = { date: 'PP', longDate: 'PPP', dateTime: 'PPp', longDateTime: 'PPPp' } as const

export type DateStyle = keyof typeof PATTERNS

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The one way the app writes a date, in `language` (the interface language: "es…" is Spanish, anything
 * else English). A bare calendar day ("2026-03-01") is that day wherever the reader is, not midnight UTC;
 * a value that is not a date gives ''.
 */
export function formatDate(value: Date | string, language: string | undefined, style: DateStyle = 'date'): string {
  const date = typeof value === 'string' && CALENDAR_DAY.test(value) ? new Date(`${value}T12:00:00`) : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return format(date, PATTERNS[style], { locale: language?.startsWith('es') ? es : enUS })
}

/** The browser's IANA time zone ("America/Chicago"), for what the server writes in it (CSV exports). */
export const browserTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
