import { http, HttpResponse } from 'msw'
import type { Message, Notification, Thread } from '@/contract'
import type { RealtimeClient, RealtimeClientFactory } from '@/realtime'
import { server } from './msw'

export const SELLER_ID = 'seller-1'
export const BUYER_ID = 'buyer-1'

export function buildThread(overrides: Partial<Thread> = {}): Thread {
  return {
    threadId: 'thread-1',
    deal: {
      id: 'deal-1',
      streetAddress: '12 Oak St',
      addressHidden: false,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      coverPhotoUrl: null,
      status: 'active',
    },
    buyer: { id: BUYER_ID, name: 'Bea Buyer', certified: false, profilePictureUrl: null },
    seller: { id: SELLER_ID, name: 'Sam Seller', certified: false, profilePictureUrl: null },
    viewerRole: 'seller',
    lastMessage: null,
    lastActivityAt: new Date(Date.now() - 60_000).toISOString(),
    unreadCount: 0,
    blocked: false,
    blockedByViewer: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  }
}

export function buildMessage(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    threadId: 'thread-1',
    senderId: BUYER_ID,
    body: `Message ${id}`,
    createdAt: new Date(Date.now() - (1000 - id) * 1000).toISOString(),
    ...overrides,
  }
}

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    notificationId: 'n-1',
    threadId: 'thread-1',
    type: 'new_message',
    senderName: 'Bea Buyer',
    message: 'Is it still available?',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    readAt: null,
    dealInfo: { address: '12 Oak St', hideAddress: false, city: 'Austin', state: 'TX', zip: '78701' },
    dealId: null,
    path: null,
    ...overrides,
  }
}

type Seen = { method: string; path: string; query: Record<string, string>; body: unknown }

/**
 * An in-memory chat API for MSW: one thread and its messages (ids increasing), notifications, read marks,
 * block and unblock. `requests` records what the SPA asked, for assertions.
 */
export function chatApi({
  thread = buildThread(),
  messages = [] as Message[],
  notifications = [] as Notification[],
  unreadCount,
  sendFails = false,
}: {
  thread?: Thread
  messages?: Message[]
  notifications?: Notification[]
  unreadCount?: number
  sendFails?: boolean
} = {}) {
  const state = { thread, messages: [...messages], notifications: [...notifications], sendFails }
  const requests: Seen[] = []
  const record = async (request: Request) => {
    const url = new URL(request.url)
    let body: unknown
    if (request.method !== 'GET') body = await request.clone().text()
    requests.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    })
    return url
  }
  const base = '/api/chat/threads/:threadId'
  const known = (threadId: unknown) => threadId === state.thread.threadId
  server.use(
    http.get('/api/chat/notifications', async ({ request }) => {
      await record(request)
      const unread = state.notifications.filter((item) => item.readAt === null)
      return HttpResponse.json({ notifications: unread, unreadCount: unreadCount ?? unread.length })
    }),
    http.put('/api/chat/notifications/:id/read', async ({ request, params }) => {
      await record(request)
      const item = state.notifications.find((entry) => entry.notificationId === params.id)
      if (!item) return HttpResponse.json({ message: 'Not found' }, { status: 404 })
      item.readAt = new Date().toISOString()
      unreadCount = undefined
      return HttpResponse.json(item)
    }),
    http.get('/api/chat/threads', async ({ request }) => {
      await record(request)
      return HttpResponse.json({ items: [state.thread], nextCursor: null })
    }),
    http.get(base, async ({ request, params }) => {
      await record(request)
      if (!known(params.threadId)) return HttpResponse.json({ message: 'Conversation not found' }, { status: 404 })
      return HttpResponse.json(state.thread)
    }),
    http.get(`${base}/messages`, async ({ request }) => {
      const url = await record(request)
      const before = url.searchParams.get('before')
      const after = url.searchParams.get('after')
      const limit = Number(url.searchParams.get('limit') ?? 30)
      const sorted = [...state.messages].sort((a, b) => a.id - b.id)
      if (after !== null) {
        const newer = sorted.filter((message) => message.id > Number(after))
        return HttpResponse.json({ items: newer.slice(0, limit), hasMore: newer.length > limit })
      }
      const older = before === null ? sorted : sorted.filter((message) => message.id < Number(before))
      return HttpResponse.json({ items: older.slice(-limit), hasMore: older.length > limit })
    }),
    http.post(`${base}/messages`, async ({ request }) => {
      await record(request)
      if (state.sendFails) return HttpResponse.json({ message: 'Server trouble' }, { status: 500 })
      if (state.thread.blocked) {
        return HttpResponse.json({ message: 'Conversation blocked', code: 'thread_blocked' }, { status: 409 })
      }
      const { message } = (await request.json()) as { message: string }
      const created = buildMessage(Math.max(0, ...state.messages.map((item) => item.id)) + 1, {
        senderId: state.thread.viewerRole === 'seller' ? state.thread.seller.id : state.thread.buyer.id,
        body: message,
        createdAt: new Date().toISOString(),
      })
      state.messages.push(created)
      return HttpResponse.json(created, { status: 201 })
    }),
    http.put(`${base}/read`, async ({ request }) => {
      await record(request)
      state.notifications = state.notifications.map((item) =>
        item.threadId === state.thread.threadId ? { ...item, readAt: new Date().toISOString() } : item,
      )
      state.thread = { ...state.thread, unreadCount: 0 }
      return HttpResponse.json(state.thread)
    }),
    http.post(`${base}/block`, async ({ request }) => {
      await record(request)
      state.thread = { ...state.thread, blocked: true, blockedByViewer: true }
      return HttpResponse.json(state.thread)
    }),
    http.delete(`${base}/block`, async ({ request }) => {
      await record(request)
      state.thread = { ...state.thread, blocked: false, blockedByViewer: false }
      return HttpResponse.json(state.thread)
    }),
  )
  return {
    state,
    requests,
    count: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  }
}

/** The realtime configuration the server gives (embedded socket unless told otherwise). */
export function realtimeOn() {
  server.use(
    http.get('/api/config/realtime', () => HttpResponse.json({ mode: 'embedded', key: 'app-key', cluster: 'local' })),
  )
}

type Callback = (data: never) => void

/**
 * A pusher-js stand-in: what the provider binds is kept, and the test fires connection changes,
 * subscription results and events by hand.
 */
export function fakeRealtime() {
  const channelCallbacks = new Map<string, Callback[]>()
  const connectionCallbacks = new Map<string, Callback[]>()
  const add = (map: Map<string, Callback[]>, event: string, callback: Callback) => {
    map.set(event, [...(map.get(event) ?? []), callback])
  }
  const fire = (map: Map<string, Callback[]>, event: string, data: unknown) => {
    for (const callback of map.get(event) ?? []) (callback as (value: unknown) => void)(data)
  }
  const client: RealtimeClient = {
    connection: { state: 'connecting', bind: (event, callback) => add(connectionCallbacks, event, callback) },
    subscribe: vi.fn((_channel: string) => ({
      bind: (event: string, callback: Callback) => add(channelCallbacks, event, callback),
    })),
    unsubscribe: vi.fn(),
    disconnect: vi.fn(),
  }
  const factory = vi.fn<RealtimeClientFactory>(() => Promise.resolve(client))
  return {
    factory,
    client,
    /** The socket is up and the channel subscribed (what pusher-js reports after each (re)connection). */
    connect: () => {
      fire(connectionCallbacks, 'state_change', { previous: 'connecting', current: 'connected' })
      fire(channelCallbacks, 'pusher:subscription_succeeded', {})
    },
    drop: () => fire(connectionCallbacks, 'state_change', { previous: 'connected', current: 'connecting' }),
    emit: (event: string, data: unknown) => fire(channelCallbacks, event, data),
    failSubscription: (data: unknown) => fire(channelCallbacks, 'pusher:subscription_error', data),
    subscribed: () => (client.subscribe as ReturnType<typeof vi.fn>).mock.calls.map((call) => call[0] as string),
  }
}
