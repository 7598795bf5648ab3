import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor } from '@/api/queries'
import { endpoints, type RoadmapItemCreate, type RoadmapItemText, type RoadmapMove } from '@/contract'

/**
 * The admin's writes to the roadmap. Each refreshes the one list the panel and /features share (the public
 * `GET /api/roadmap`): a move answers the whole new order, which replaces it at once.
 */
export function useRoadmapWrites() {
  const queryClient = useQueryClient()
  const listKey = keyFor(endpoints.roadmap)
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey })

  const create = useMutation({
    mutationFn: (body: RoadmapItemCreate) => call(endpoints.adminCreateRoadmapItem, { body }),
    onSuccess: refresh,
  })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: RoadmapItemText }) =>
      call(endpoints.adminUpdateRoadmapItem, { params: { id }, body }),
    onSuccess: refresh,
  })
  const move = useMutation({
    mutationFn: ({ id, to }: { id: string; to: RoadmapMove }) =>
      call(endpoints.adminMoveRoadmapItem, { params: { id }, body: to }),
    onSuccess: (roadmap) => queryClient.setQueryData(listKey, roadmap),
    onError: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => call(endpoints.adminDeleteRoadmapItem, { params: { id } }),
    onSuccess: refresh,
  })
  return { create, update, move, remove }
}
