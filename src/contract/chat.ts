import { z } from 'zod'
import { cursorInstant, isoDate, queryFlag, queryNumber, rowId } from './fields'
import { REALTIME_EVENTS } from './realtime-events'

/** Spec §9 and issue 10: a message is plain text of 1 to 2,000 characters once trimmed. */
export const MESSAGE_MAX_LENGTH = 2000
/** The toast preview of a new message (spec §9: 50 characters plus an ellipsis). */
export const MESSAGE_PREVIEW_LENGTH = 50
/** The bell's address preview (spec §9: 30 characters plus an ellipsis). */
export const ADDRESS_PREVIEW_LENGTH = 30
/** One page of messages, newest last; older ones load on scroll by cursor. */
export const MESSAGE_PAGE_SIZE = 30

export const MessageTextSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, { error: 'validation:messageEmpty' })
  .max(MESSAGE_MAX_LENGTH, { error: 'validation:messageTooLong' })

/** The deal a conversation is about, as the viewer may see it (the street is null when hidden from them). */
export const ThreadDealSchema = z.object({
  id: z.string(),
  streetAddress: z.string().nullable(),
  addressHidden: z.boolean(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  coverPhotoUrl: z.string().nullable(),
  status: z.string(),
})
export type ThreadDeal = z.infer<typeof ThreadDealSchema>

export const ParticipantSchema = z.object({
  id: z.string(),
  /** First and last name; "" when the account has none yet (the SPA then says "Buyer" or "Seller"). */
  name: z.string(),
  certified: z.boolean(),
  profilePictureUrl: z.string().nullable(),
  /** Their company's name, shown for a conversation between Owners Club members. */
  companyName: z.string().nullable().optional(),
})
export type Participant = z.infer<typeof ParticipantSchema>

/** One message. Ids increase with time across the whole server: "after id N" is how a client catches up. */
export const MessageSchema = z.object({
  id: z.number().int().positive(),
  threadId: z.string(),
  senderId: z.string(),
  body: z.string(),
  createdAt: isoDate,
})
export type Message = z.infer<typeof MessageSchema>

/**
 * A conversation about one deal between a buyer and that deal's seller, as one participant sees it; or, with
 * `deal` null, between two Owners Club members (the one who started it as `buyer`, the other as `seller`).
 */
export const ThreadSchema = z.object({
  threadId: z.string(),
  deal: ThreadDealSchema.nullable(),
  buyer: ParticipantSchema,
  seller: ParticipantSchema,
  /** The viewer's side; admins and owners reading someone else's thread are `observer`. */
  viewerRole: z.enum(['buyer', 'seller', 'observer']),
  lastMessage: MessageSchema.nullable(),
  lastActivityAt: isoDate,
  /** Messages from the other side the viewer has not read (0 for an observer). */
  unreadCount: z.number().int().nonnegative(),
  blocked: z.boolean(),
  /** Whether the viewer blocked it (only the blocker may unblock). */
  blockedByViewer: z.boolean(),
  createdAt: isoDate,
})
export type Thread = z.infer<typeof ThreadSchema>

export const ThreadPageSchema = z.object({
  /** Newest activity first. */
  items: z.array(ThreadSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
})
export type ThreadPage = z.infer<typeof ThreadPageSchema>

/**
 * What the thread list's opaque `cursor` holds once decoded (base64url JSON): the last thread's activity
 * time and id. The server judges a cursor by it before any SQL (400 invalid_cursor).
 */
export const ThreadCursorSchema = z.tuple([cursorInstant, rowId])

export const ThreadsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: queryNumber(z.number().int().min(1).max(100)).default(30),
  /** Only the conversations where the caller is this side: `buyer` (about others' listings) or `seller`. */
  side: z.enum(['buyer', 'seller']).optional(),
  /** Only the conversations with messages from the other side that the caller has not read. */
  unread: queryFlag.optional(),
})
export type ThreadsQuery = z.output<typeof ThreadsQuerySchema>

export const MessagesQuerySchema = z.object({
  /** Older page: messages with an id below this, newest `limit` of them. */
  before: queryNumber(z.number().int().positive()).optional(),
  /** Catch-up: messages with an id above this, oldest first (after a reconnect or a missed event). */
  after: queryNumber(z.number().int().nonnegative()).optional(),
  limit: queryNumber(z.number().int().min(1).max(100)).default(MESSAGE_PAGE_SIZE),
})

export const MessagePageSchema = z.object({
  /** Oldest first. */
  items: z.array(MessageSchema),
  /** With `before` (or neither): whether older messages remain. With `after`: whether newer ones remain. */
  hasMore: z.boolean(),
})
export type MessagePage = z.infer<typeof MessagePageSchema>

/** Starts (or continues) the caller's conversation about a deal with its seller. */
export const StartThreadInputSchema = z.object({
  dealId: z.string().min(1).max(100),
  message: MessageTextSchema,
})
export type StartThreadInput = z.input<typeof StartThreadInputSchema>

export const SendMessageInputSchema = z.object({ message: MessageTextSchema })
export type SendMessageInput = z.input<typeof SendMessageInputSchema>

/** A seller's first (or next) message to a buyer of their listing: the same rules as any message. */
export const MessageBuyerInputSchema = SendMessageInputSchema
export type MessageBuyerInput = z.input<typeof MessageBuyerInputSchema>

/** Spec §3: the bell's dealInfo (address null when it is hidden from the recipient). */
export const NotificationDealInfoSchema = z.object({
  address: z.string().nullable(),
  hideAddress: z.boolean(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
})

export const CHAT_NOTIFICATION_TYPES = ['new_message', 'new_thread', 'thread_blocked'] as const

/**
 * Every type of notice the server writes: the chat's (spec §3) and, beyond the spec, offers (received by the
 * seller; accepted, declined or not accepted for the buyer) and new listings matching a buyer's buy box (the
 * Certified buyers' early ones `deal_match_priority`).
 */
export const NOTIFICATION_TYPES = [
  ...CHAT_NOTIFICATION_TYPES,
  'offer_received',
  'offer_accepted',
  'offer_declined',
  'offer_not_accepted',
  'deal_match',
  'deal_match_priority',
  // Matching alerts (issue 25): one listing with its score and top reasons, or a daily or weekly digest.
  'match_alert',
  'match_digest',
  'feedback_received',
  'feedback_resolved',
  // Seller access by approval: a request arrived (admins), and its decision (the requester).
  'seller_request',
  'seller_request_approved',
  'seller_request_declined',
  // The buyer passed every published lesson: they are now Certified (told once).
  'training_certified',
  // The help centre: a member asked a question (admins), and it was answered and published (the asker).
  'help_question',
  'help_answered',
  // Listing freshness: the seller's listing went stale (a reminder), then was canceled by the system.
  'listing_stale',
  'listing_auto_canceled',
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** Spec §3 Notification. Types beyond the chat ones come with later features; the bell shows their message. */
export const NotificationSchema = z.object({
  notificationId: z.string(),
  threadId: z.string().nullable(),
  type: z.string(),
  senderName: z.string().nullable(),
  /** A preview of the message (or the notice's own text for other types). */
  message: z.string(),
  createdAt: isoDate,
  readAt: isoDate.nullable(),
  dealInfo: NotificationDealInfoSchema.nullable(),
  /** The listing a notice is about (beyond spec §3), so a notice without a thread opens it. */
  dealId: z.string().nullable(),
  /** The page a notice opens when its thread or listing does not say (beyond spec §3): `/help/qa/…`. */
  path: z.string().nullable().default(null),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationListSchema = z.object({
  /** The caller's unread notifications, newest first (at most 100). */
  notifications: z.array(NotificationSchema),
  /** All unread, for the badge (99+ above 99). */
  unreadCount: z.number().int().nonnegative(),
})
export type NotificationList = z.infer<typeof NotificationListSchema>

/** Realtime event names (zod-free, for start-up code) and payloads below (spec §3). */
export { REALTIME_EVENTS } from './realtime-events'

export const NewMessageEventSchema = z.object({
  senderName: z.string(),
  /** A preview (at most 200 characters); the full text is fetched by id. */
  message: z.string(),
  threadId: z.string(),
  messageId: z.number().int().positive(),
})
export type NewMessageEvent = z.infer<typeof NewMessageEventSchema>

export const NewThreadEventSchema = z.object({
  message: z.string(),
  thread: z.object({ threadId: z.string() }),
})
export type NewThreadEvent = z.infer<typeof NewThreadEventSchema>

export const ThreadBlockedEventSchema = z.object({ threadId: z.string(), blocked: z.boolean() })
export type ThreadBlockedEvent = z.infer<typeof ThreadBlockedEventSchema>

/** A notice as it is written, for its recipient: the item the bell lists (pushed once its write commits). */
export const NotificationEventSchema = NotificationSchema
export type NotificationEvent = z.infer<typeof NotificationEventSchema>

/** Each realtime event's payload schema by event name. */
export const REALTIME_EVENT_SCHEMAS = {
  [REALTIME_EVENTS.newMessage]: NewMessageEventSchema,
  [REALTIME_EVENTS.newThread]: NewThreadEventSchema,
  [REALTIME_EVENTS.threadBlocked]: ThreadBlockedEventSchema,
  [REALTIME_EVENTS.notification]: NotificationEventSchema,
} as const
