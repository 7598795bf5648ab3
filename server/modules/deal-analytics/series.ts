import {
  ANALYTICS_DAYS,
  ANALYTICS_WEEKS,
  FUNNEL_STEPS,
  type DealAnalytics,
  type FunnelCounts,
  type FunnelStep,
  type SeriesPoint,
} from '../../../src/contract'
import { utcDay } from './views'

/** Per step, its count on each UTC day (YYYY-MM-DD) that has any. */
export type DailyCounts = Record<FunnelStep, Map<string, number>>

const DAY_MS = 24 * 60 * 60 * 1000

const zero = (): FunnelCounts => ({ views: 0, favorites: 0, interests: 0, offers: 0, conversations: 0 })

function sumBetween(counts: DailyCounts, from: string, to: string): FunnelCounts {
  const sums = zero()
  for (const step of FUNNEL_STEPS) {
    for (const [day, n] of counts[step]) if (day >= from && day <= to) sums[step] += n
  }
  return sums
}

export function totalsOf(counts: DailyCounts): FunnelCounts {
  return sumBetween(counts, '0000-00-00', '9999-99-99')
}

/** The last `ANALYTICS_DAYS` days, today included, oldest first. */
export function dailySeries(counts: DailyCounts, now: Date): SeriesPoint[] {
  return Array.from({ length: ANALYTICS_DAYS }, (_, i) => {
    const day = utcDay(new Date(now.getTime() - (ANALYTICS_DAYS - 1 - i) * DAY_MS))
    return { start: day, ...sumBetween(counts, day, day) }
  })
}

/** The last `ANALYTICS_WEEKS` weeks (Monday to Sunday, UTC), this week included, oldest first. */
export function weeklySeries(counts: DailyCounts, now: Date): SeriesPoint[] {
  const sinceMonday = (now.getUTCDay() + 6) % 7
  const thisMonday = now.getTime() - sinceMonday * DAY_MS
  return Array.from({ length: ANALYTICS_WEEKS }, (_, i) => {
    const monday = thisMonday - (ANALYTICS_WEEKS - 1 - i) * 7 * DAY_MS
    const start = utcDay(new Date(monday))
    return { start, ...sumBetween(counts, start, utcDay(new Date(monday + 6 * DAY_MS))) }
  })
}

/** Each step over the step before it, rounded to four places; null when the step before is 0. */
export function conversionOf(totals: FunnelCounts): DealAnalytics['conversion'] {
  const ratio = (step: FunnelStep, previous: FunnelStep) =>
    totals[previous] === 0 ? null : Math.round((totals[step] / totals[previous]) * 10_000) / 10_000
  return {
    favorites: ratio('favorites', 'views'),
    interests: ratio('interests', 'favorites'),
    offers: ratio('offers', 'interests'),
    conversations: ratio('conversations', 'offers'),
  }
}
