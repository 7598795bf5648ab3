import { parseAmount } from './parse-amount'

describe('parseAmount', () => {
  it('reads plain, decimal and formatted amounts', () => {
    expect(parseAmount('1800')).toEqual({ value: 1800, valid: true })
    expect(parseAmount(' $1,850.50 ')).toEqual({ value: 1850.5, valid: true })
    expect(parseAmount('.5')).toEqual({ value: 0.5, valid: true })
    expect(parseAmount('6.5%')).toEqual({ value: 6.5, valid: true })
  })

  it('treats a blank box as not given', () => {
    expect(parseAmount('   ')).toEqual({ value: null, valid: true })
  })

  it('refuses text, negatives and two decimal points', () => {
    expect(parseAmount('abc').valid).toBe(false)
    expect(parseAmount('1.2.3').valid).toBe(false)
    expect(parseAmount('12e3').valid).toBe(false)
    expect(parseAmount('abc').error).toBe('notNumber')
  })

  it('says a negative amount is negative (it must be positive), not that it is not a number', () => {
    expect(parseAmount('-100')).toEqual({ value: null, valid: false, error: 'negative' })
    expect(parseAmount(' -$1,800 ')).toEqual({ value: null, valid: false, error: 'negative' })
  })
})
