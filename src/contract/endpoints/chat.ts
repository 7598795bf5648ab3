import {
  MessagePageSchema,
  MessageBuyerInputSchema,
  MessageSchema,
  MessagesQuerySchema,
  NotificationListSchema,
  NotificationSchema,
  SendMessageInputSchema,
  StartThreadInputSchema,
  ThreadPageSchema,
  ThreadSchema,
  ThreadsQuerySchema,
} from '../chat'
import { ApiErrorBodySchema } from '../common'
import { endpoint } from '../endpoint'

/**
 * Conversations about deals and the notification bell. Only a thread's two participants, admins and owners
 * may read it (404 for anyone else); only the participants may write, block or mark it read.
 */
export const chatEndpoints = {
  listThreads: endpoint({
    method: 'GET',
    path: '/api/chat/threads',
    auth: 'user',
    summary: "The caller's conversations, newest activity first.",
    query: ThreadsQuerySchema,
    responses: { 200: ThreadPageSchema },
  }),
  /** Starts the caller's conversation about a deal with its seller, or adds to the one that exists. */
  startThread: endpoint({
    method: 'POST',
    path: '/api/chat/threads',
    auth: 'user',
    summary: "Message a deal's seller (one conversation per buyer and deal).",
    body: StartThreadInputSchema,
    responses: {
      200: ThreadSchema,
      409: ApiErrorBodySchema.describe('own_deal: the caller is the seller; thread_blocked: the thread is blocked.'),
    },
  }),
  /**
   * The listing's seller writes to a buyer who expressed interest in it or made an offer on it (any status):
   * starts their conversation about the listing with this message, or adds it to the one they have. Only the
   * listing's own seller (403 for anyone else, admins and owners included); 404 for an unknown or deleted
   * listing, or a buyer without an interest or offer on it.
   */
  messageBuyer: endpoint({
    method: 'POST',
    path: '/api/deals/:id/buyers/:buyerId/thread',
    auth: 'user',
    summary: 'Message a buyer who showed interest in or made an offer on your listing.',
    body: MessageBuyerInputSchema,
    responses: {
      200: ThreadSchema,
      409: ApiErrorBodySchema.describe('thread_blocked: the conversation is blocked.'),
    },
  }),
  getThread: endpoint({
    method: 'GET',
    path: '/api/chat/threads/:threadId',
    auth: 'user',
    responses: { 200: ThreadSchema },
  }),
  listMessages: endpoint({
    method: 'GET',
    path: '/api/chat/threads/:threadId/messages',
    auth: 'user',
    summary: 'A page of messages, oldest first: the newest page, older ones (`before`), or catch-up (`after`).',
    query: MessagesQuerySchema,
    responses: { 200: MessagePageSchema },
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/api/chat/threads/:threadId/messages',
    auth: 'user',
    body: SendMessageInputSchema,
    responses: {
      201: MessageSchema,
      409: ApiErrorBodySchema.describe('thread_blocked: the conversation is blocked.'),
    },
  }),
  /** Marks the thread's messages and its notifications read for the caller. */
  markThreadRead: endpoint({
    method: 'PUT',
    path: '/api/chat/threads/:threadId/read',
    auth: 'user',
    responses: { 200: ThreadSchema },
  }),
  blockThread: endpoint({
    method: 'POST',
    path: '/api/chat/threads/:threadId/block',
    auth: 'user',
    responses: { 200: ThreadSchema },
  }),
  /** Only the participant who blocked it may unblock. */
  unblockThread: endpoint({
    method: 'DELETE',
    path: '/api/chat/threads/:threadId/block',
    auth: 'user',
    responses: { 200: ThreadSchema },
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/api/chat/notifications',
    auth: 'user',
    summary: "The caller's unread notifications (newest first) and how many there are.",
    responses: { 200: NotificationListSchema },
  }),
  markNotificationRead: endpoint({
    method: 'PUT',
    path: '/api/chat/notifications/:notificationId/read',
    auth: 'user',
    responses: { 200: NotificationSchema },
  }),
} as const
