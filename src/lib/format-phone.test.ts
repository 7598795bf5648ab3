import { formatPhone } from './format-phone'

describe('formatPhone', () => {
  it('formats 10 digits', () => {
    expect(formatPhone('5125550123')).toBe('(512) 555-0123')
  })

  it('drops a leading country code 1 from 11 digits', () => {
    expect(formatPhone('15125550123')).toBe('(512) 555-0123')
    expect(formatPhone('+1 (512) 555-0123')).toBe('(512) 555-0123')
  })

  it('ignores punctuation and spaces around 10 digits', () => {
    expect(formatPhone('512.555.0123')).toBe('(512) 555-0123')
    expect(formatPhone(' 512-555-0123 ')).toBe('(512) 555-0123')
  })

  it('returns other lengths unchanged', () => {
    expect(formatPhone('555-0123')).toBe('555-0123')
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958')
    expect(formatPhone('512555012345')).toBe('512555012345')
  })

  it('returns 11 digits not starting with 1 unchanged', () => {
    expect(formatPhone('25125550123')).toBe('25125550123')
  })

  it('returns text without digits unchanged', () => {
    expect(formatPhone('n/a')).toBe('n/a')
    expect(formatPhone('')).toBe('')
  })

  it('returns an empty string for null and undefined', () => {
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
  })
})
