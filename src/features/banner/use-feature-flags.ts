import { queryOptions, useQuery } from '@tanstack/react-query'
import { endpoints, FeatureFlagsSchema } from '@/contract'
import { api } from '@/api/client'
import { systemKeys } from '@/api/keys'

export const featureFlagsQuery = () =>
  queryOptions({
    queryKey: systemKeys.featureFlags(),
    queryFn: ({ signal }) => api.get(endpoints.featureFlags.path, { schema: FeatureFlagsSchema, signal }),
  })

export const useFeatureFlags = (enabled: boolean) => useQuery({ ...featureFlagsQuery(), enabled })
