import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import { toast } from '@/components/ui/toast'
import { endpoints, type Answer, type RoadmapItem } from '@/contract'

type Roadmap = Answer<typeof endpoints.roadmap>
type MyVotes = Answer<typeof endpoints.roadmapMyVotes>

/** The whole roadmap, for everyone (no token). */
export const useRoadmap = () => useQuery(queryFor(endpoints.roadmap))

/** The items the signed-in reader has voted for; nothing is asked for a visitor. */
export const useMyVotes = (signedIn: boolean) => useQuery({ ...queryFor(endpoints.roadmapMyVotes), enabled: signedIn })

/** The item's title and description in the reader's language. */
export function localized(item: RoadmapItem, language: string | undefined) {
  return language?.startsWith('es')
    ? { title: item.titleEs, description: item.descriptionEs }
    : { title: item.titleEn, description: item.descriptionEn }
}

const VOTE_KEY = ['roadmap', 'vote'] as const

/**
 * Votes for a planned item or takes the vote back. The button and the count change at once (optimistic);
 * a refusal puts both back and says so, and the server's count replaces the guess when it answers.
 */
export function useToggleVote() {
  const { t } = useTranslation('roadmap')
  const queryClient = useQueryClient()
  const listKey = keyFor(endpoints.roadmap)
  const votesKey = keyFor(endpoints.roadmapMyVotes)

  const setCount = (id: string, change: (votes: number) => number) =>
    queryClient.setQueryData<Roadmap>(listKey, (roadmap) =>
      roadmap
        ? { items: roadmap.items.map((item) => (item.id === id ? { ...item, votes: change(item.votes) } : item)) }
        : roadmap,
    )
  const pendingFor = (id: string) =>
    queryClient.isMutating({
      mutationKey: VOTE_KEY,
      predicate: (mutation) => (mutation.state.variables as { id?: string } | undefined)?.id === id,
    })

  return useMutation({
    mutationKey: VOTE_KEY,
    mutationFn: ({ id, vote }: { id: string; vote: boolean }) =>
      vote ? call(endpoints.roadmapVote, { params: { id } }) : call(endpoints.roadmapUnvote, { params: { id } }),
    onMutate: async ({ id, vote }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: listKey }),
        queryClient.cancelQueries({ queryKey: votesKey }),
      ])
      const previous = { list: queryClient.getQueryData(listKey), votes: queryClient.getQueryData(votesKey) }
      setCount(id, (votes) => Math.max(0, votes + (vote ? 1 : -1)))
      queryClient.setQueryData<MyVotes>(votesKey, (mine) => {
        const others = (mine?.itemIds ?? []).filter((itemId) => itemId !== id)
        return { itemIds: vote ? [...others, id] : others }
      })
      return previous
    },
    onError: (_error, _variables, previous) => {
      if (previous) {
        queryClient.setQueryData(listKey, previous.list)
        queryClient.setQueryData(votesKey, previous.votes)
      }
      toast({ title: t('vote.failed'), variant: 'destructive' })
    },
    onSuccess: (result, { id }) => {
      // A later click on the same item is on its way: its optimistic state is the newer truth.
      if (pendingFor(id) > 1) return
      setCount(id, () => result.votes)
    },
  })
}
