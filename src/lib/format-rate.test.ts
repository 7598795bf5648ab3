import { formatFractionAsRate, formatRate } from './format-rate'

describe('formatRate', () => {
  it('shows up to three decimals, without trailing zeros', () => {
    expect(formatRate(3.375)).toBe('3.375%')
    expect(formatRate(6.5)).toBe('6.5%')
    expect(formatRate(7)).toBe('7%')
    expect(formatRate(4.12345)).toBe('4.123%')
  })

  it('gives nothing for a missing or unusable rate', () => {
    expect(formatRate(null)).toBe('')
    expect(formatRate(undefined)).toBe('')
    expect(formatRate(Number.NaN)).toBe('')
    expect(formatRate(Number.POSITIVE_INFINITY)).toBe('')
  })

  it('formats in Spanish as well', () => {
    expect(formatRate(3.375, 'es')).toMatch(/^3[.,]375\s?%$/)
  })

  it('reads a fraction as a rate', () => {
    expect(formatFractionAsRate(0.03375)).toBe('3.375%')
    expect(formatFractionAsRate(null)).toBe('')
  })
})
