import { FUNNEL_STEPS, type SeriesPoint } from '@/contract'

const quoted = (cell: string | number) => {
  const text = String(cell)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The series as CSV (a header row of the given labels, one row per day or week), with a BOM for spreadsheets. */
export function seriesCsv(points: readonly SeriesPoint[], headers: readonly string[]): string {
  const rows = [headers, ...points.map((point) => [point.start, ...FUNNEL_STEPS.map((step) => point[step])])]
  return `\uFEFF${rows.map((row) => row.map(quoted).join(',')).join('\r\n')}\r\n`
}
