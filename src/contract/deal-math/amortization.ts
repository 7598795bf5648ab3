/**
 * Loan arithmetic for the deal-terms calculator. Rates are annual percentages as listings store them
 * (6.5 means 6.5 %), compounded monthly; amounts are dollars. Pure functions, no rounding: the UI formats.
 */

/** The monthly rate of an annual percentage. */
export const monthlyRate = (annualRatePercent: number): number => annualRatePercent / 100 / 12

/**
 * The level monthly principal-and-interest payment that pays `principal` off in `months` payments:
 * P·r / (1 − (1 + r)^−n). A 0 % loan is paid in equal parts (P / n). No months or no principal → 0.
 */
export function monthlyPayment(principal: number, annualRatePercent: number, months: number): number {
  if (principal <= 0 || months <= 0) return 0
  const r = monthlyRate(annualRatePercent)
  if (r === 0) return principal / months
  return (principal * r) / (1 - Math.pow(1 + r, -months))
}

/**
 * What is still owed after `paidMonths` payments of `payment`: P·(1 + r)^k − pmt·((1 + r)^k − 1) / r,
 * or P − pmt·k at 0 %. Never below 0 (a payment larger than needed simply pays the loan off).
 */
export function remainingBalance(principal: number, annualRatePercent: number, payment: number, paidMonths: number) {
  if (principal <= 0) return 0
  const k = Math.max(0, paidMonths)
  const r = monthlyRate(annualRatePercent)
  const balance =
    r === 0 ? principal - payment * k : principal * Math.pow(1 + r, k) - (payment * (Math.pow(1 + r, k) - 1)) / r
  // Floating point leaves crumbs like 1e-9 on a paid-off loan.
  return balance > 0.005 ? balance : 0
}

/** Whole months from `from` to `to` (calendar months, a partial month not counted); 0 when `to` is past. */
export function monthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth())
  if (to.getUTCDate() < from.getUTCDate()) months -= 1
  return Math.max(0, months)
}
