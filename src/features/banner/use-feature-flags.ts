import { useQuery } from '@tanstack/react-query'
import { endpoints } from '@/contract'
import { queryFor } from '@/api/queries'

export const featureFlagsQuery = () => queryFor(endpoints.featureFlags)

export const useFeatureFlags = (enabled: boolean) => useQuery({ ...featureFlagsQuery(), enabled })
