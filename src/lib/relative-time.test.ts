import { formatRelativeTime } from './relative-time'

const now = new Date('2025-06-15T12:00:00.000Z')
const s = 1000
const min = 60 * s
const h = 60 * min
const d = 24 * h

const at = (offsetMs: number) => new Date(now.getTime() + offsetMs)
const en = (offsetMs: number) => formatRelativeTime(at(offsetMs), { now, language: 'en', justNow: 'just now' })
const es = (offsetMs: number) => formatRelativeTime(at(offsetMs), { now, language: 'es', justNow: 'justo ahora' })

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now', 'justo ahora'],
    [-5 * s, 'just now', 'justo ahora'],
    [5 * s, 'just now', 'justo ahora'],
    [-6 * s, '6 seconds ago', 'hace 6 segundos'],
    [-30 * s, '30 seconds ago', 'hace 30 segundos'],
    [-59 * s, '59 seconds ago', 'hace 59 segundos'],
    [-59 * s - 999, '59 seconds ago', 'hace 59 segundos'],
    [-60 * s, '1 minute ago', 'hace 1 minuto'],
    [-5 * min, '5 minutes ago', 'hace 5 minutos'],
    [-59 * min, '59 minutes ago', 'hace 59 minutos'],
    [-59 * min - 59 * s, '59 minutes ago', 'hace 59 minutos'],
    [-60 * min, '1 hour ago', 'hace 1 hora'],
    [-23 * h, '23 hours ago', 'hace 23 horas'],
    [-23 * h - 59 * min, '23 hours ago', 'hace 23 horas'],
    [-24 * h, '1 day ago', 'hace 1 día'],
    [-29 * d, '29 days ago', 'hace 29 días'],
    [-29 * d - 23 * h, '29 days ago', 'hace 29 días'],
    [-30 * d, '1 month ago', 'hace 1 mes'],
    [-11 * 30 * d, '11 months ago', 'hace 11 meses'],
    [-359 * d, '11 months ago', 'hace 11 meses'],
    [-12 * 30 * d, '1 year ago', 'hace 1 año'],
    [-364 * d, '1 year ago', 'hace 1 año'],
    [-2 * 365 * d, '2 years ago', 'hace 2 años'],
  ])('past offset %i ms → %s / %s', (offset, expectedEn, expectedEs) => {
    expect(en(offset)).toBe(expectedEn)
    expect(es(offset)).toBe(expectedEs)
  })

  it.each([
    [6 * s, 'in 6 seconds', 'dentro de 6 segundos'],
    [59 * s, 'in 59 seconds', 'dentro de 59 segundos'],
    [60 * s, 'in 1 minute', 'dentro de 1 minuto'],
    [5 * min, 'in 5 minutes', 'dentro de 5 minutos'],
    [59 * min, 'in 59 minutes', 'dentro de 59 minutos'],
    [60 * min, 'in 1 hour', 'dentro de 1 hora'],
    [23 * h, 'in 23 hours', 'dentro de 23 horas'],
    [24 * h, 'in 1 day', 'dentro de 1 día'],
    [29 * d, 'in 29 days', 'dentro de 29 días'],
    [30 * d, 'in 1 month', 'dentro de 1 mes'],
    [11 * 30 * d, 'in 11 months', 'dentro de 11 meses'],
    [12 * 30 * d, 'in 1 year', 'dentro de 1 año'],
  ])('future offset %i ms → %s / %s', (offset, expectedEn, expectedEs) => {
    expect(en(offset)).toBe(expectedEn)
    expect(es(offset)).toBe(expectedEs)
  })

  it('accepts ISO strings and epoch milliseconds', () => {
    const opts = { now, language: 'en', justNow: 'just now' } as const
    expect(formatRelativeTime('2025-06-15T11:55:00.000Z', opts)).toBe('5 minutes ago')
    expect(formatRelativeTime(now.getTime() - 3 * h, opts)).toBe('3 hours ago')
  })

  it('returns the caller-provided justNow text verbatim', () => {
    expect(formatRelativeTime(now, { now, language: 'es', justNow: 'ahora mismo' })).toBe('ahora mismo')
  })

  it('defaults now to the current time', () => {
    vi.useFakeTimers()
    try {
      vi.setSystemTime(now)
      expect(formatRelativeTime(at(-2 * h), { language: 'en', justNow: 'just now' })).toBe('2 hours ago')
    } finally {
      vi.useRealTimers()
    }
  })

  it('returns an empty string for invalid dates', () => {
    const opts = { now, language: 'en', justNow: 'just now' } as const
    expect(formatRelativeTime('not a date', opts)).toBe('')
    expect(formatRelativeTime(new Date(Number.NaN), opts)).toBe('')
    expect(formatRelativeTime(Number.NaN, opts)).toBe('')
  })
})
