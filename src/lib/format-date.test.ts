import { formatDate } from './format-date'

// Built from local parts, so the expectations hold in any time zone.
const afternoon = new Date(2026, 10, 2, 15, 4)

describe('formatDate', () => {
  it.each([
    ['date', 'Nov 2, 2026', '2 nov 2026'],
    ['longDate', 'November 2nd, 2026', '2 de noviembre de 2026'],
    ['dateTime', 'Nov 2, 2026, 3:04 PM', '2 nov 2026, 15:04'],
  ] as const)('writes the %s style in English and Spanish', (style, english, spanish) => {
    expect(formatDate(afternoon, 'en', style)).toBe(english)
    expect(formatDate(afternoon, 'es', style)).toBe(spanish)
  })

  it('uses the short date unless told otherwise and takes ISO strings', () => {
    expect(formatDate(afternoon.toISOString(), 'en')).toBe('Nov 2, 2026')
  })

  it('reads a bare calendar day as that day in every time zone, not as midnight UTC', () => {
    expect(formatDate('2026-03-01', 'en', 'longDate')).toBe('March 1st, 2026')
    expect(formatDate('2026-03-01', 'es')).toBe('1 mar 2026')
  })

  it('treats any Spanish variant as Spanish and anything else as English', () => {
    expect(formatDate(afternoon, 'es-MX')).toBe('2 nov 2026')
    expect(formatDate(afternoon, 'fr')).toBe('Nov 2, 2026')
    expect(formatDate(afternoon, undefined)).toBe('Nov 2, 2026')
  })

  it('writes nothing for a value that is not a date', () => {
    expect(formatDate('not a date', 'en')).toBe('')
    expect(formatDate('', 'es')).toBe('')
  })
})
