import { hashKey, useQueryClient } from '@tanstack/react-query'
import { useMatch } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Thread } from '@/contract'
import { toast } from '@/components/ui/toast'
import { messagePreview } from '@/lib/truncate'
import { useRealtimeEvent, useRealtimeResync } from '@/realtime'
import { notificationsKey, storeThread, threadKey, threadsKey, updateListedThread } from './chat-api'
import { addLiveNotification, addPushedNotification } from './live-notifications'

/**
 * The chat's answers to realtime events, straight into React Query's caches (no refetch storm): the bell
 * gains an unread item (a `notification` event brings a notice about offers or listings whole), the thread
 * list moves the conversation up, a toast previews the message unless its thread is on screen. The open thread fetches the message itself (thread-view.tsx). After every
 * (re)subscription the bell asks once for what it may have missed.
 */
/**
 * The bell's code, and these handlers with it, load after the first paint, while a privileged member's socket
 * may already be live: what came in between is handled once they are here.
 */
const CATCH_UP = { catchUpAs: 'chat-events' }

export function useChatEvents() {
  const { t } = useTranslation('chat')
  const queryClient = useQueryClient()
  const open = useMatch('/chat/:threadId')?.params.threadId ?? null

  const bellLoaded = () => queryClient.getQueryData(notificationsKey()) !== undefined
  const refreshBellIfUnloaded = () => {
    if (!bellLoaded()) void queryClient.invalidateQueries({ queryKey: notificationsKey() })
  }

  useRealtimeEvent(
    'new-message',
    (event) => {
      // The open thread shows the message and marks itself read as it arrives; the bell and the toasts stay
      // quiet about it, also while the page is behind another tab (back on it, the message is on screen).
      const looking = open === event.threadId
      if (!looking) {
        addLiveNotification(queryClient, {
          eventId: `message-${event.messageId}`,
          type: 'new_message',
          threadId: event.threadId,
          senderName: event.senderName,
          message: event.message,
        })
        refreshBellIfUnloaded()
        toast({
          title: t('toast.newMessageFrom', { sender: event.senderName }),
          description: messagePreview(event.message),
        })
      }
      const now = new Date().toISOString()
      const listed = updateListedThread(queryClient, event.threadId, (thread) => ({
        ...thread,
        lastActivityAt: now,
        unreadCount: looking ? thread.unreadCount : thread.unreadCount + 1,
        lastMessage: {
          id: event.messageId,
          threadId: event.threadId,
          senderId: otherPartyId(thread),
          body: event.message,
          createdAt: now,
        },
      }))
      if (listed) {
        sortListedThreads(queryClient)
        // The chat list changed in place; lists chosen by the server (the dashboard's unread ones) ask again.
        const chatList = hashKey(threadsKey())
        void queryClient.invalidateQueries({
          queryKey: threadsKey(),
          predicate: (query) => query.queryHash !== chatList,
          refetchType: 'active',
        })
      } else void queryClient.invalidateQueries({ queryKey: threadsKey(), refetchType: 'active' })
    },
    CATCH_UP,
  )

  useRealtimeEvent(
    'new-thread',
    (event) => {
      addLiveNotification(queryClient, {
        eventId: `thread-${event.thread.threadId}`,
        type: 'new_thread',
        threadId: event.thread.threadId,
        senderName: null,
        message: event.message,
      })
      // A new conversation's deal is not known here yet: the bell asks once for the server's item, which has
      // the deal line (one request per new conversation, not per message).
      void queryClient.invalidateQueries({ queryKey: notificationsKey() })
      void queryClient.invalidateQueries({ queryKey: threadsKey(), refetchType: 'active' })
    },
    CATCH_UP,
  )

  useRealtimeEvent(
    'thread-blocked',
    (event) => {
      const thread = queryClient.getQueryData<Thread>(threadKey(event.threadId))
      // The other side blocked or unblocked: both see it at once.
      const change = (held: Thread): Thread => ({ ...held, blocked: event.blocked, blockedByViewer: false })
      if (thread) storeThread(queryClient, change(thread))
      else updateListedThread(queryClient, event.threadId, change)
      if (event.blocked) {
        addLiveNotification(queryClient, {
          eventId: `blocked-${event.threadId}-${Date.now()}`,
          type: 'thread_blocked',
          threadId: event.threadId,
          senderName: null,
          message: '',
        })
        refreshBellIfUnloaded()
      }
    },
    CATCH_UP,
  )

  // Every other notice (offers, deal matches) arrives as itself. A conversation's notice is already in the
  // bell from its own event above (with its toast), which the next poll replaces with this stored one.
  useRealtimeEvent(
    'notification',
    (notice) => {
      if (notice.threadId) return
      addPushedNotification(queryClient, notice)
      refreshBellIfUnloaded()
    },
    CATCH_UP,
  )

  useRealtimeResync(() => {
    void queryClient.invalidateQueries({ queryKey: notificationsKey() })
  })
}

/** The id of whoever is on the other side of the viewer (the buyer for a seller, else the seller). */
const otherPartyId = (thread: Thread) => (thread.viewerRole === 'seller' ? thread.buyer.id : thread.seller.id)

function sortListedThreads(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.setQueryData<{ pages: { items: Thread[]; nextCursor: string | null }[]; pageParams: unknown[] }>(
    threadsKey(),
    (data) => {
      if (!data) return data
      // Newest activity first within what is loaded: the moved thread goes to the top of the first page.
      const all = data.pages.flatMap((page) => page.items)
      all.sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt))
      let offset = 0
      return {
        ...data,
        pages: data.pages.map((page) => {
          const items = all.slice(offset, offset + page.items.length)
          offset += page.items.length
          return { ...page, items }
        }),
      }
    },
  )
}
