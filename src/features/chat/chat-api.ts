import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, pathKey, queryFor } from '@/api/queries'
import {
  endpoints,
  type Message,
  type MessagePage,
  type NotificationList,
  type Thread,
  type ThreadPage,
} from '@/contract'

/** Spec §7/§9: the bell polls every 60 s for privileged users, every 15 s for buyer-only users. */
export const PRIVILEGED_POLL_MS = 60_000
export const BUYER_POLL_MS = 15_000
/** An open conversation without a live socket asks for what is new this often. */
export const THREAD_FALLBACK_POLL_MS = 15_000
/** A catch-up stops after this many pages (100 messages each); the rest comes with the next one. */
const CATCH_UP_MAX_PAGES = 10

export const notificationsKey = () => keyFor(endpoints.notifications)
export const threadsKey = () => keyFor(endpoints.listThreads)
export const threadKey = (threadId: string) => keyFor(endpoints.getThread, { params: { threadId } })
export const messagesKey = (threadId: string) => keyFor(endpoints.listMessages, { params: { threadId } })

type Messages = InfiniteData<MessagePage, number | undefined>
type Threads = InfiniteData<ThreadPage, string | undefined>

/** The bell's list: only with a user id, polled by role. */
export function useNotifications(userId: string | null, pollMs: number) {
  return useQuery({
    ...queryFor(endpoints.notifications),
    enabled: userId !== null,
    refetchInterval: userId ? pollMs : false,
    refetchIntervalInBackground: false,
  })
}

/** Marks one notification read, then refreshes the list (spec §7). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (notificationId: string) => call(endpoints.markNotificationRead, { params: { notificationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey() }),
  })
}

/** The caller's conversations, newest activity first, a page at a time by cursor. */
export function useThreads() {
  return useInfiniteQuery({
    queryKey: threadsKey(),
    queryFn: ({ pageParam, signal }) => call(endpoints.listThreads, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
}

/** One conversation; a 404 ("Conversation not found") is an answer, never retried. */
export function useThread(threadId: string) {
  return useQuery({
    ...queryFor(endpoints.getThread, { params: { threadId } }),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  })
}

/**
 * A conversation's messages: the newest page first, older pages by the `before` cursor (the oldest id held).
 * New messages (sent, caught up, announced) are merged into the newest page by `mergeMessages`.
 */
export function useMessages(threadId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: messagesKey(threadId),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.listMessages, { params: { threadId }, query: { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore && last.items[0] ? last.items[0].id : undefined),
    enabled,
    // Kept current by events and catch-up, not by refetching every page.
    staleTime: Infinity,
  })
}

/** Every message held, oldest first, each once. */
export function flattenMessages(data: InfiniteData<MessagePage, unknown> | undefined): Message[] {
  if (!data) return []
  return dedupe(data.pages.flatMap((page) => page.items).sort((a, b) => a.id - b.id))
}

function dedupe(sorted: Message[]): Message[] {
  return sorted.filter((message, index) => index === 0 || sorted[index - 1]!.id !== message.id)
}

/** Merges messages into the newest page: each id once, in id order. */
export function mergeMessages(queryClient: QueryClient, threadId: string, incoming: Message[]) {
  if (!incoming.length) return
  queryClient.setQueryData<Messages>(messagesKey(threadId), (data) => {
    if (!data || !data.pages.length) return data
    const held = new Set(data.pages.flatMap((page) => page.items.map((message) => message.id)))
    const fresh = incoming.filter((message) => !held.has(message.id))
    if (!fresh.length) return data
    const [newest, ...older] = data.pages
    const items = dedupe([...newest!.items, ...fresh].sort((a, b) => a.id - b.id))
    return { ...data, pages: [{ ...newest!, items }, ...older] }
  })
}

const lastId = (data: Messages | undefined) =>
  data?.pages.reduce((max, page) => page.items.reduce((m, message) => Math.max(m, message.id), max), 0) ?? 0

/**
 * Catch-up: fetches what came after the last id held and merges it (nothing lost, nothing twice). Returns
 * the new messages. Concurrent calls for one thread share the one in flight.
 */
const inFlight = new Map<string, Promise<Message[]>>()
export function catchUpMessages(queryClient: QueryClient, threadId: string): Promise<Message[]> {
  const running = inFlight.get(threadId)
  if (running) return running
  const run = (async () => {
    const data = queryClient.getQueryData<Messages>(messagesKey(threadId))
    if (!data) return []
    const found: Message[] = []
    let after = lastId(data)
    for (let page = 0; page < CATCH_UP_MAX_PAGES; page++) {
      const answer = await call(endpoints.listMessages, { params: { threadId }, query: { after, limit: 100 } })
      found.push(...answer.items)
      mergeMessages(queryClient, threadId, answer.items)
      const newest = answer.items.at(-1)
      if (!answer.hasMore || !newest) break
      after = newest.id
    }
    return found
  })().finally(() => inFlight.delete(threadId))
  inFlight.set(threadId, run)
  return run
}

/** Puts a thread's new state wherever it is shown (its page and the list). */
export function storeThread(queryClient: QueryClient, thread: Thread) {
  queryClient.setQueryData(threadKey(thread.threadId), thread)
  updateListedThread(queryClient, thread.threadId, () => thread)
}

/** Changes one thread in the list, if it is there; returns whether it was. */
export function updateListedThread(queryClient: QueryClient, threadId: string, change: (thread: Thread) => Thread) {
  let found = false
  queryClient.setQueryData<Threads>(threadsKey(), (data) => {
    if (!data) return data
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((thread) => {
          if (thread.threadId !== threadId) return thread
          found = true
          return change(thread)
        }),
      })),
    }
  })
  return found
}

/** Sends a message; the caller keeps the text until this succeeds. */
export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (message: string) => call(endpoints.sendMessage, { params: { threadId }, body: { message } }),
    // The composer says what went wrong and keeps the text.
    onError: () => {},
    onSuccess: (message) => {
      mergeMessages(queryClient, threadId, [message])
      const listed = updateListedThread(queryClient, threadId, (thread) => ({
        ...thread,
        lastMessage: message,
        lastActivityAt: message.createdAt,
      }))
      if (!listed) void queryClient.invalidateQueries({ queryKey: threadsKey(), refetchType: 'active' })
    },
  })
}

/** Marks the thread (and its notifications) read; the bell drops them without asking again. */
export function useMarkThreadRead(threadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call(endpoints.markThreadRead, { params: { threadId } }),
    onSuccess: (thread) => {
      storeThread(queryClient, thread)
      dropThreadNotifications(queryClient, threadId)
    },
    // Reading is a side effect of looking: a failure is not worth a toast.
    onError: () => {},
  })
}

/** Removes a thread's notifications from the bell (the server marked them read with the thread). */
export function dropThreadNotifications(queryClient: QueryClient, threadId: string) {
  queryClient.setQueryData<NotificationList>(notificationsKey(), (list) => {
    if (!list) return list
    const kept = list.notifications.filter((item) => item.threadId !== threadId)
    const removed = list.notifications.length - kept.length
    if (!removed) return list
    return { notifications: kept, unreadCount: Math.max(0, list.unreadCount - removed) }
  })
}

export function useBlockThread(threadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (block: boolean) =>
      block
        ? call(endpoints.blockThread, { params: { threadId } })
        : call(endpoints.unblockThread, { params: { threadId } }),
    // The dialog or the banner says what went wrong.
    onError: () => {},
    onSuccess: (thread) => storeThread(queryClient, thread),
  })
}

/** "Message the seller": starts (or continues) the conversation about a deal. */
export function useStartThread() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { dealId: string; message: string }) => call(endpoints.startThread, { body: input }),
    // The dialog says what went wrong and keeps the text.
    onError: () => {},
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(thread.threadId), thread)
      void queryClient.invalidateQueries({ queryKey: threadsKey(), refetchType: 'none' })
    },
  })
}

/** A member writes to an Owners Club member: starts or continues their conversation (no listing). */
export function useMessageMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, message }: { userId: string; message: string }) =>
      call(endpoints.startMemberConversation, { params: { userId }, body: { message } }),
    // The dialog says what went wrong and keeps the text.
    onError: () => {},
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(thread.threadId), thread)
      void queryClient.invalidateQueries({ queryKey: threadsKey(), refetchType: 'none' })
    },
  })
}

/** The listing's seller writes to one of its buyers (interest or offer): starts or continues their conversation. */
export function useMessageBuyer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ dealId, buyerId, message }: { dealId: string; buyerId: string; message: string }) =>
      call(endpoints.messageBuyer, { params: { id: dealId, buyerId }, body: { message } }),
    // The dialog says what went wrong and keeps the text.
    onError: () => {},
    onSuccess: (thread, { dealId }) => {
      queryClient.setQueryData(threadKey(thread.threadId), thread)
      void queryClient.invalidateQueries({ queryKey: threadsKey(), refetchType: 'none' })
      // The listing's offers and interested buyers now link this conversation.
      void queryClient.invalidateQueries({ queryKey: pathKey(endpoints.getDeal, { id: dealId }) })
    },
  })
}
