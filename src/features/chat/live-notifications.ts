import type { QueryClient } from '@tanstack/react-query'
import type { Notification, NotificationList, Thread } from '@/contract'
import { notificationsKey, threadKey } from './chat-api'

/** Items the SPA adds from a realtime event until the next poll brings the server's own; never marked read by id. */
export const LIVE_PREFIX = 'live:'
export const isLiveNotification = (notification: Notification) => notification.notificationId.startsWith(LIVE_PREFIX)

type LiveInput = Pick<Notification, 'type' | 'threadId' | 'senderName' | 'message'> & { eventId: string }

/** The deal line of a thread the SPA already knows (from its page or an earlier notification). */
function dealInfoFor(queryClient: QueryClient, list: NotificationList | undefined, threadId: string | null) {
  if (!threadId) return null
  const known = list?.notifications.find((item) => item.threadId === threadId && item.dealInfo)?.dealInfo
  if (known) return known
  const deal = queryClient.getQueryData<Thread>(threadKey(threadId))?.deal
  return deal
    ? {
        address: deal.streetAddress,
        hideAddress: deal.addressHidden,
        city: deal.city,
        state: deal.state,
        zip: deal.zipCode,
      }
    : null
}

/**
 * Adds an unread notification to the bell from a realtime event, straight into the cache (no refetch); the
 * next poll replaces it with the server's own. Nothing happens before the bell has loaded once.
 */
export function addLiveNotification(queryClient: QueryClient, input: LiveInput, now = new Date()) {
  queryClient.setQueryData<NotificationList>(notificationsKey(), (list) => {
    if (!list) return list
    const notificationId = `${LIVE_PREFIX}${input.eventId}`
    // Its stored item may be here already (the bell loaded after the event): counted once.
    const known = list.notifications.some(
      (item) =>
        item.notificationId === notificationId ||
        (item.readAt === null &&
          item.type === input.type &&
          item.threadId === input.threadId &&
          item.message === input.message),
    )
    if (known) return list
    const notification: Notification = {
      notificationId,
      type: input.type,
      threadId: input.threadId,
      senderName: input.senderName,
      message: input.message,
      createdAt: now.toISOString(),
      readAt: null,
      dealInfo: dealInfoFor(queryClient, list, input.threadId),
      dealId: null,
      path: null,
    }
    return { notifications: [notification, ...list.notifications], unreadCount: list.unreadCount + 1 }
  })
}

/**
 * Puts a notice the server pushed (its `notification` event: the stored item itself) at the top of the bell,
 * once; nothing happens before the bell has loaded once (its first fetch brings it).
 */
export function addPushedNotification(queryClient: QueryClient, notification: Notification) {
  queryClient.setQueryData<NotificationList>(notificationsKey(), (list) => {
    if (!list || list.notifications.some((item) => item.notificationId === notification.notificationId)) return list
    return { notifications: [notification, ...list.notifications], unreadCount: list.unreadCount + 1 }
  })
}
