import { formatUsd, formatUsdCompact } from './format-currency'

describe('formatUsd', () => {
  it('formats whole dollars with grouping and no cents by default', () => {
    expect(formatUsd(350000)).toBe('$350,000')
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(1234.5)).toBe('$1,235')
  })

  it('shows two decimals when cents are requested', () => {
    expect(formatUsd(1234.5, { cents: true })).toBe('$1,234.50')
    expect(formatUsd(350000, { cents: true })).toBe('$350,000.00')
    expect(formatUsd(0.5, { cents: true })).toBe('$0.50')
  })

  it('formats negative amounts', () => {
    expect(formatUsd(-2500)).toBe('-$2,500')
  })

  it('returns an empty string when there is no number', () => {
    expect(formatUsd(null)).toBe('')
    expect(formatUsd(undefined)).toBe('')
    expect(formatUsd(Number.NaN)).toBe('')
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe('')
  })
})

describe('formatUsdCompact', () => {
  it.each([
    [350000, '$350K'],
    [1200000, '$1.2M'],
    [1250000, '$1.3M'],
    [1500, '$1.5K'],
    [999, '$999'],
    [999999, '$1M'],
    [2000000000, '$2B'],
    [0, '$0'],
  ])('%d → %s', (value, expected) => {
    expect(formatUsdCompact(value)).toBe(expected)
  })

  it('returns an empty string when there is no number', () => {
    expect(formatUsdCompact(null)).toBe('')
    expect(formatUsdCompact(undefined)).toBe('')
    expect(formatUsdCompact(Number.NaN)).toBe('')
  })
})
