import { useEffect } from 'react'
import { authEvents, useAuth } from '@/auth'
import { identifyUser, resetAnalytics } from './posthog'

/** Ties analytics to the session: identify on sign-in (and after a reload), reset on sign-out. */
export function AnalyticsIdentity() {
  const { user } = useAuth()
  const userId = user?.userId
  const role = user?.role
  useEffect(() => {
    if (userId && role) void identifyUser({ userId, role })
  }, [userId, role])
  useEffect(() => authEvents.on('signedOut', resetAnalytics), [])
  return null
}
