import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { attachmentDisposition, csvDates, csvFilename, neutraliseFormula, toCsv } from './csv'

type Row = { name: string; note: string | null; at: Date; count: number }
const columns = [
  { header: 'Name', value: (row: Row) => row.name },
  { header: 'Note', value: (row: Row) => row.note },
  { header: 'Date', value: (row: Row) => row.at },
  { header: 'Count', value: (row: Row) => row.count },
]

describe('toCsv', () => {
  it('writes a BOM, a header row and CRLF rows that a CSV parser reads back cell for cell', () => {
    const rows: Row[] = [
      { name: 'Ana "La Jefa" Ruiz', note: 'one, two\nthree', at: new Date('2026-11-02T10:00:00.000Z'), count: 3 },
      { name: 'Zoë Ñúñez', note: null, at: new Date('2026-11-03T00:00:00.000Z'), count: -2 },
    ]
    const csv = toCsv(rows, columns)
    expect(csv.startsWith('\uFEFF"Name","Note","Date","Count"\r\n')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv).toContain('"Ana ""La Jefa"" Ruiz","one, two\nthree",2026-11-02T10:00:00.000Z,3\r\n')
    expect(csv).toContain('"Zoë Ñúñez",,2026-11-03T00:00:00.000Z,-2\r\n')
    expect(parse(csv, { bom: true, record_delimiter: '\r\n' })).toEqual([
      ['Name', 'Note', 'Date', 'Count'],
      ['Ana "La Jefa" Ruiz', 'one, two\nthree', '2026-11-02T10:00:00.000Z', '3'],
      ['Zoë Ñúñez', '', '2026-11-03T00:00:00.000Z', '-2'],
    ])
  })

  it('neutralises every text cell a spreadsheet would run as a formula', () => {
    const hostile = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\nx', '=HYPERLINK("http://x","y")']
    const csv = toCsv(
      hostile.map((name) => ({ name, note: name, at: new Date(0), count: 0 })),
      columns,
    )
    const [, ...body] = parse(csv, { bom: true, record_delimiter: '\r\n' }) as string[][]
    // A bare CR becomes the LF a spreadsheet keeps inside a cell.
    const written = hostile.map((text) => `'${text.replace('\r', '\n')}`)
    expect(body.map((row) => row[0])).toEqual(written)
    expect(body.map((row) => row[1])).toEqual(written)
  })

  it('quotes every text cell, so a line break in one never ends a row', () => {
    const csv = toCsv([{ name: 'ok\n=1+1', note: 'a\rb', at: new Date(0), count: 1 }], columns)
    expect(csv).toContain(`"ok\n'=1+1","a\nb",`)
  })

  it('neutralises a formula at the start of every line inside a cell, whatever the line break', () => {
    expect(neutraliseFormula('ok\n=1+1\r+2\r\n-3\n@x\n\ty\n\rz')).toBe("ok\n'=1+1\n'+2\n'-3\n'@x\n'\ty\n\nz")
    expect(neutraliseFormula('\n=1')).toBe("'\n'=1")
    expect(neutraliseFormula('a\nb=c')).toBe('a\nb=c')
  })

  it('leaves harmless text alone', () => {
    expect(neutraliseFormula('Ana')).toBe('Ana')
    expect(neutraliseFormula('a=b')).toBe('a=b')
    expect(neutraliseFormula('')).toBe('')
  })
})

describe('csvDates', () => {
  it('writes instants in the language and time zone asked for, and a calendar day as that day anywhere', () => {
    const chicago = csvDates('es', 'America/Chicago')
    expect(chicago.zone).toBe('America/Chicago')
    expect(chicago.dateTime('2026-11-03T02:30:00.000Z')).toBe('2 nov 2026, 20:30')
    expect(chicago.day('2099-06-30')).toBe('30 jun 2099')
    const utc = csvDates('en')
    expect(utc.zone).toBe('UTC')
    expect(utc.dateTime('2026-11-03T02:30:00.000Z')).toMatch(/^Nov 3, 2026, 2:30\sAM$/)
    expect(csvDates('en', 'Pacific/Kiritimati').day('2099-06-30')).toBe('Jun 30, 2099')
    expect(utc.dateTime(null)).toBeNull()
  })
})

describe('file names', () => {
  it('builds a plain ASCII name with the day, and a header that also carries the UTF-8 name', () => {
    expect(csvFilename(['interested-buyers', '12 Oak St. #4, Austin'], new Date('2026-11-02T10:00:00Z'))).toBe(
      'interested-buyers-12-oak-st-4-austin-2026-11-02.csv',
    )
    expect(csvFilename(['offers', 'Ñandú "x"'], new Date('2026-11-02T10:00:00Z'))).toBe('offers-nandu-x-2026-11-02.csv')
    expect(attachmentDisposition('a b.csv')).toBe(`attachment; filename="a b.csv"; filename*=UTF-8''a%20b.csv`)
  })
})
