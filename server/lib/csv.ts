import type { FastifyReply } from 'fastify'
import { stringify } from 'csv-stringify/sync'

/** One column of a CSV export: its header and how a row gives its cell. */
export type CsvColumn<Row> = {
  header: string
  value: (row: Row) => string | number | Date | null | undefined
}

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"). csv-stringify's
// own escape_formulas misses the line feed, and a line inside a cell may be read as a row of its own by a
// program that splits lines itself: the rule is ours, and applies to the cell and to every line in it.
const FORMULA_START = /^[=+\-@\t\r\n]/
const LINE_FORMULA_START = /\n(?=[=+\-@\t])/g

/**
 * A text cell as it is written: its line breaks made plain LF (what a spreadsheet keeps inside a cell; a bare
 * CR would end a line for some readers), and a leading single quote, which shows the text as text, before
 * the cell and before every line in it that a spreadsheet would run as a formula.
 */
export function neutraliseFormula(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(LINE_FORMULA_START, "\n'")
  return FORMULA_START.test(lines) ? `'${lines}` : lines
}

/**
 * Every CSV export (interested buyers, offers): RFC 4180 quoting by csv-stringify, every text cell quoted
 * (so no line break in one can end a row), CRLF after every row, UTF-8 with a BOM (so Excel reads accents),
 * a header row, empty cells for null, and every text cell neutralised (`neutraliseFormula`). Labels and
 * dates are the caller's to give, in the reader's language (`csvDates`). Numbers are
 * written as numbers, unquoted: they are ours (prices), not someone's text, and a negative one stays the
 * number a spreadsheet reads, not a formula.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return stringify([columns.map((column) => column.header), ...rows.map((row) => columns.map((c) => c.value(row)))], {
    bom: true,
    record_delimiter: 'windows',
    quoted_string: true,
    cast: {
      string: neutraliseFormula,
      date: (date) => date.toISOString(),
    },
  })
}

/** How an export writes dates: in its reader's language and time zone (which its headers name). */
export type CsvDates = {
  /** The IANA zone the times are in ("UTC" when the caller named none). */
  zone: string
  /** An instant as a date and time there: "Nov 2, 2026, 3:04 PM" / "2 nov 2026, 15:04". */
  dateTime: (iso: string | null) => string | null
  /** A calendar day ("2099-06-30") as written in the language: "Jun 30, 2099" / "30 jun 2099". */
  day: (day: string | null) => string | null
}

/** The dates of an export in `language` (en or es, as the app's tables write them) and `timeZone` (default UTC). */
export function csvDates(language: string, timeZone = 'UTC'): CsvDates {
  const locale = language === 'es' ? 'es' : 'en-US'
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  // A calendar day is that day wherever the reader is: written as the UTC midnight it is stored as.
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
  return {
    zone: timeZone,
    dateTime: (iso) => (iso ? dateTime.format(new Date(iso)) : null),
    day: (value) => (value ? day.format(new Date(`${value}T00:00:00Z`)) : null),
  }
}

const asciiSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')

/** `interested-buyers-12-oak-st-2026-11-02.csv`: the parts as a plain ASCII slug, then the day. */
export function csvFilename(parts: readonly string[], day: Date): string {
  const slug = parts.map(asciiSlug).filter(Boolean).join('-')
  return `${slug}-${day.toISOString().slice(0, 10)}.csv`
}

/** Content-Disposition of a download, with the RFC 6266 UTF-8 form beside the plain one. */
export const attachmentDisposition = (filename: string) =>
  `attachment; filename="${filename.replace(/["\\\r\n]/g, '')}"; filename*=UTF-8''${encodeURIComponent(filename)}`

/** Sends `csv` as a download named `filename`, never cached (exports hold personal data). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string | Buffer): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachmentDisposition(filename))
    .header('Cache-Control', 'no-store')
    .send(csv)
}
