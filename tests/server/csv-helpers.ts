import { parse } from 'csv-parse/sync'

/** What a spreadsheet runs as a formula (or hides a formula behind) when a cell or a line starts with it. */
const DANGEROUS_START = /^[=+\-@\t\r]/

/**
 * The rows of a CSV as a spreadsheet reads them: any line break (CRLF, LF or CR) ends a row outside
 * quotes, quotes are honoured, and rows may differ in length (a broken file is still opened).
 */
export function spreadsheetRows(csv: string): string[][] {
  return parse(csv, { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true }) as string[][]
}

/**
 * Every cell, and every physical line of the file, that starts as a spreadsheet formula would: a program that
 * splits lines itself (or a cell's own lines) must find none either.
 */
export function formulaStarts(csv: string): string[] {
  const cells = spreadsheetRows(csv).flat()
  const lines = csv.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  return [
    ...cells.filter((cell) => DANGEROUS_START.test(cell)).map((cell) => `cell ${JSON.stringify(cell)}`),
    ...lines.filter((line) => DANGEROUS_START.test(line)).map((line) => `line ${JSON.stringify(line)}`),
  ]
}

/** Text a hostile buyer may send: each line after the first starts a formula, by every kind of line break. */
export const HOSTILE_LINES = 'ok\n=1+1\r+2\r\n-3\n@SUM(A1)\n\tx\n\ry'
