export { AnalyticsIdentity } from './analytics-identity'
export { analyticsKey, identifyUser, resetAnalytics } from './posthog'
