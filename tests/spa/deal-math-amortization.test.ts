import { monthlyPayment, monthsBetween, remainingBalance } from '@/contract/deal-math/amortization'

describe('monthlyPayment', () => {
  it('amortises $200,000 at 6 % over 30 years to $1,199.10', () => {
    // r = 0.06 / 12 = 0.005, n = 360; (1.005)^360 = 6.022575…
    // P·r / (1 − 1/6.022575) = 1000 / (1 − 0.166042) = 1000 / 0.833958 = 1199.10
    expect(monthlyPayment(200_000, 6, 360)).toBeCloseTo(1199.1, 2)
  })

  it('amortises $100,000 at 12 % over 10 years to $1,434.71', () => {
    // r = 0.01, n = 120; (1.01)^120 = 3.300387; 1000 / (1 − 0.302995) = 1000 / 0.697005 = 1434.71
    expect(monthlyPayment(100_000, 12, 120)).toBeCloseTo(1434.71, 2)
  })

  it('splits a 0 % loan into equal parts', () => {
    // 120,000 / 240 = 500
    expect(monthlyPayment(120_000, 0, 240)).toBe(500)
  })

  it('answers 0 with no principal or no months left', () => {
    expect(monthlyPayment(0, 5, 360)).toBe(0)
    expect(monthlyPayment(100_000, 5, 0)).toBe(0)
  })
})

describe('remainingBalance', () => {
  it('leaves $186,108.71 of $200,000 at 6 % after 5 years of $1,199.10', () => {
    // (1.005)^60 = 1.348850; 200,000 × 1.348850 = 269,770.03
    // 1199.1010 × (1.348850 − 1) / 0.005 = 1199.1010 × 69.770031 = 83,661.32
    // 269,770.03 − 83,661.32 = 186,108.71
    const payment = monthlyPayment(200_000, 6, 360)
    expect(remainingBalance(200_000, 6, payment, 60)).toBeCloseTo(186_108.71, 0)
  })

  it('is 0 once every payment is made', () => {
    const payment = monthlyPayment(200_000, 6, 360)
    expect(remainingBalance(200_000, 6, payment, 360)).toBe(0)
  })

  it('subtracts payments in a straight line at 0 %', () => {
    // 120,000 − 500 × 24 = 108,000
    expect(remainingBalance(120_000, 0, 500, 24)).toBe(108_000)
  })
})

describe('monthsBetween', () => {
  it('counts whole calendar months', () => {
    expect(monthsBetween(new Date('2026-01-15'), new Date('2031-01-15'))).toBe(60)
    // one day short of the 60th month
    expect(monthsBetween(new Date('2026-01-15'), new Date('2031-01-14'))).toBe(59)
  })

  it('is 0 for a date already past', () => {
    expect(monthsBetween(new Date('2026-01-15'), new Date('2020-01-01'))).toBe(0)
  })
})
