import { http, HttpResponse } from 'msw'
import type { RoadmapItem } from '@/contract'
import { server } from './msw'

let sequence = 0

const COLUMNS = ['planned', 'in_progress', 'shipped']
/** As the server lists them: by column, then position. */
const ordered = (items: RoadmapItem[]) =>
  [...items].sort((a, b) => COLUMNS.indexOf(a.status) - COLUMNS.indexOf(b.status) || a.position - b.position)

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
      return HttpResponse.json({ items: ordered(state.items) })
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

type Body = Record<string, unknown>

/**
 * The admin's roadmap endpoints over the same in-memory state as `roadmapServer` (which it sets up too):
 * create, edit, move (the whole order answered) and delete; `writes` records each body. `invalid` makes
 * the create answer a 400 with those field messages instead.
 */
export function roadmapAdminServer(options: Parameters<typeof roadmapServer>[0] & { invalid?: Body } = {}) {
  const { state, requests } = roadmapServer(options)
  const writes: { method: string; path: string; body?: Body }[] = []
  const column = (status: string) =>
    state.items.filter((item) => item.status === status).sort((a, b) => a.position - b.position)
  const renumber = () => {
    for (const status of COLUMNS) {
      column(status).forEach((item, position) => (item.position = position))
    }
  }
  server.use(
    http.post('/api/admin/roadmap', async ({ request }) => {
      const body = (await request.json()) as Body
      writes.push({ method: 'POST', path: '/api/admin/roadmap', body })
      if (options.invalid) {
        return HttpResponse.json(
          { message: 'Invalid', code: 'invalid_input', fields: options.invalid },
          { status: 400 },
        )
      }
      const item = buildRoadmapItem({ ...(body as Partial<RoadmapItem>), position: column(String(body.status)).length })
      state.items.push(item)
      return HttpResponse.json(item, { status: 201 })
    }),
    http.patch('/api/admin/roadmap/:id', async ({ request, params }) => {
      const body = (await request.json()) as Body
      writes.push({ method: 'PATCH', path: new URL(request.url).pathname, body })
      const item = state.items.find((candidate) => candidate.id === params.id)!
      Object.assign(item, body)
      return HttpResponse.json(item)
    }),
    http.post('/api/admin/roadmap/:id/move', async ({ request, params }) => {
      const body = (await request.json()) as { status: RoadmapItem['status']; position: number }
      writes.push({ method: 'POST', path: new URL(request.url).pathname, body })
      const item = state.items.find((candidate) => candidate.id === params.id)!
      const target = column(body.status).filter((candidate) => candidate.id !== item.id)
      target.splice(Math.min(body.position, target.length), 0, item)
      item.status = body.status
      target.forEach((candidate, position) => (candidate.position = position))
      renumber()
      return HttpResponse.json({ items: ordered(state.items) })
    }),
    http.delete('/api/admin/roadmap/:id', ({ request, params }) => {
      writes.push({ method: 'DELETE', path: new URL(request.url).pathname })
      state.items = state.items.filter((candidate) => candidate.id !== params.id)
      return HttpResponse.json({ deleted: true })
    }),
  )
  return { state, requests, writes }
}
