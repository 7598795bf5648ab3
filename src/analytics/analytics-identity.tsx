import { useEffect } from 'react'
import { authEvents, useAuth } from '@/auth'

/** The PostHog wrapper, loaded when first used: most builds have no key, and no page needs it to paint. */
const posthog = () => import('./posthog')

/** Ties analytics to the session: identify on sign-in (and after a reload), reset on sign-out. */
export function AnalyticsIdentity() {
  const { user } = useAuth()
  const userId = user?.userId
  const role = user?.role
  useEffect(() => {
    if (userId && role) void posthog().then((analytics) => analytics.identifyUser({ userId, role }))
  }, [userId, role])
  useEffect(() => authEvents.on('signedOut', () => void posthog().then((analytics) => analytics.resetAnalytics())), [])
  return null
}
