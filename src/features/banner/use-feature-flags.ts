import { useQuery } from '@tanstack/react-query'
import { featureFlagsRoute, lazyEndpoint } from '@/contract'
import { queryFor } from '@/api/queries'

const featureFlags = lazyEndpoint('featureFlags', featureFlagsRoute)

export const featureFlagsQuery = () => queryFor(featureFlags)

export const useFeatureFlags = (enabled: boolean) => useQuery({ ...featureFlagsQuery(), enabled })
