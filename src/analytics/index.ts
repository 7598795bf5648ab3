export { AnalyticsIdentity } from './analytics-identity'
