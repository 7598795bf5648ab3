import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor, pathKey } from '@/api/queries'
import { endpoints, type LessonCreate, type LessonInput } from '@/contract'

/**
 * The admin's writes to the training. Each refreshes the lesson list and the lesson (a move answers the
 * whole new order, which replaces the list at once).
 */
export function useLessonWrites() {
  const queryClient = useQueryClient()
  const listKey = keyFor(endpoints.adminTrainingLessons)
  const refresh = () => queryClient.invalidateQueries({ queryKey: pathKey(endpoints.adminTrainingLessons) })

  const create = useMutation({
    mutationFn: (body: LessonCreate) => call(endpoints.adminCreateTrainingLesson, { body }),
    onSuccess: refresh,
  })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: LessonInput }) =>
      call(endpoints.adminUpdateTrainingLesson, { params: { id }, body }),
    onSuccess: refresh,
  })
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      call(endpoints.adminPublishTrainingLesson, { params: { id }, body: { published } }),
    onSuccess: refresh,
  })
  const move = useMutation({
    mutationFn: ({ id, position }: { id: string; position: number }) =>
      call(endpoints.adminMoveTrainingLesson, { params: { id }, body: { position } }),
    onSuccess: (list) => queryClient.setQueryData(listKey, list),
    onError: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => call(endpoints.adminDeleteTrainingLesson, { params: { id } }),
    onSuccess: refresh,
  })
  return { create, update, publish, move, remove }
}
