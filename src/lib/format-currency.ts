/**
 * Each formatter built once, on first use: constructing Intl formatters is comparatively expensive (the
 * compact one most), they run for every row and map marker, and a page needs only some of them (building
 * all three when this module loaded was a long task on a slow phone's first page).
 */
const once = (make: () => Intl.NumberFormat) => {
  let made: Intl.NumberFormat | undefined
  return () => (made ??= make())
}

const wholeDollars = once(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
)

const withCents = once(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
)

// Currency style defaults to two minimum fraction digits, which would give "$350.0K";
// the minimum is lowered so whole values stay short on a marker.
const compact = once(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
)

// Infinity is treated like NaN: "$∞" is never a meaningful price to show.
const isDisplayable = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value)

/** `$350,000`, or `$1,234.50` with `cents`; '' when there is no usable number. */
export const formatUsd = (value: number | null | undefined, options?: { cents?: boolean }): string => {
  if (!isDisplayable(value)) return ''
  return (options?.cents ? withCents() : wholeDollars()).format(value)
}

/** `$350K`, `$1.2M`: short enough for a map marker; '' when there is no usable number. */
export const formatUsdCompact = (value: number | null | undefined): string => {
  if (!isDisplayable(value)) return ''
  return compact().format(value)
}
