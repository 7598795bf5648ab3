import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { queryFor } from '@/api/queries'
import { endpoints, MAP_DEMO_SIZES, type MapDemoSize } from '@/contract'
import type { MapViewport } from '@/features/maps'

export const isDemoSize = (value: string | null): value is MapDemoSize =>
  (MAP_DEMO_SIZES as readonly (string | null)[]).includes(value)

/** The demo's clusters for a data set and the map's viewport (none until the map reports one). */
export function useMapDemo(points: MapDemoSize, viewport: MapViewport | null) {
  return useQuery({
    ...queryFor(endpoints.mapDemoClusters, {
      query: viewport ? { points, ...viewport } : undefined,
    }),
    enabled: viewport !== null,
    placeholderData: keepPreviousData,
    // Each view is asked afresh (none kept once left), so every answer's time and drawing are measured.
    gcTime: 0,
  })
}
