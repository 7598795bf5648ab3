import type { FastifyReply } from 'fastify'
import { stringify } from 'csv-stringify/sync'

/** One column of a CSV export: its header and how a row gives its cell. */
export type CsvColumn<Row> = {
  header: string
  value: (row: Row) => string | number | Date | null | undefined
}

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"). csv-stringify's
// own escape_formulas misses the line feed, so the rule is ours.
const FORMULA_START = /^[=+\-@\t\r\n]/

/** Text a spreadsheet would run as a formula gets a leading single quote, which shows it as text. */
export const neutraliseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text)

/**
 * Every CSV export (interested buyers, offers): RFC 4180 quoting by csv-stringify, CRLF after every row,
 * UTF-8 with a BOM (so Excel reads accents), a header row, dates in ISO 8601, empty cells for null, and
 * every text cell neutralised (`neutraliseFormula`). Numbers are written as numbers: they are ours, not
 * someone's text, and a negative one must stay a number.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return stringify([columns.map((column) => column.header), ...rows.map((row) => columns.map((c) => c.value(row)))], {
    bom: true,
    record_delimiter: 'windows',
    cast: {
      string: neutraliseFormula,
      date: (date) => date.toISOString(),
    },
  })
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
