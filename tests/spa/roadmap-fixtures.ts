import { http, HttpResponse } from 'msw'
import type { RoadmapItem } from '@/contract'
import { server } from './msw'

let sequence = 0

export function buildRoadmapItem(overrides: Partial<RoadmapItem> = {}): RoadmapItem {
  sequence += 1
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    status: 'planned',
    position: 0,
    titleEn: `Feature ${sequence}`,
    titleEs: `Función ${sequence}`,
    descriptionEn: `What feature ${sequence} does.`,
    descriptionEs: `Lo que hace la función ${sequence}.`,
    votes: 0,
    updatedAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  }
}

export const sampleRoadmap = () => [
  buildRoadmapItem({ titleEn: 'Match scores', titleEs: 'Puntuación de coincidencia', votes: 3 }),
  buildRoadmapItem({ titleEn: 'Owners Club', titleEs: 'Club de Propietarios', position: 1 }),
  buildRoadmapItem({ status: 'in_progress', titleEn: 'Help centre', titleEs: 'Centro de ayuda' }),
  buildRoadmapItem({ status: 'shipped', titleEn: 'Offers and acceptance', titleEs: 'Ofertas y aceptación', votes: 7 }),
]

/**
 * The roadmap endpoints over in-memory state: the list, the caller's votes, vote and unvote (which answer
 * a 500 when `failVotes`, after `hold` settles when given). `requests` records each call's method, path and whether it carried a token.
 */
export function roadmapServer({
  items = sampleRoadmap(),
  myVotes = [] as string[],
  failVotes = false,
  hold,
}: { items?: RoadmapItem[]; myVotes?: string[]; failVotes?: boolean; hold?: Promise<void> } = {}) {
  const state = { items, myVotes: new Set(myVotes) }
  const requests: { method: string; path: string; token: boolean }[] = []
  const record = (request: Request) =>
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      token: request.headers.has('authorization'),
    })
  const answerVote = async (id: string, voted: boolean) => {
    await hold
    if (failVotes) return HttpResponse.json({ message: 'Down', code: 'internal' }, { status: 500 })
    const item = state.items.find((candidate) => candidate.id === id)!
    const had = state.myVotes.has(id)
    if (voted && !had) item.votes += 1
    if (!voted && had) item.votes -= 1
    if (voted) state.myVotes.add(id)
    else state.myVotes.delete(id)
    return HttpResponse.json({ itemId: id, voted, votes: item.votes })
  }
  server.use(
    // The webinar banner's flags, asked for by every signed-in page.
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
    http.get('/api/roadmap', ({ request }) => {
      record(request)
      return HttpResponse.json({ items: state.items })
    }),
    http.get('/api/roadmap/votes', ({ request }) => {
      record(request)
      return HttpResponse.json({ itemIds: [...state.myVotes] })
    }),
    http.put('/api/roadmap/:id/vote', ({ request, params }) => {
      record(request)
      return answerVote(String(params.id), true)
    }),
    http.delete('/api/roadmap/:id/vote', ({ request, params }) => {
      record(request)
      return answerVote(String(params.id), false)
    }),
  )
  return { state, requests }
}
