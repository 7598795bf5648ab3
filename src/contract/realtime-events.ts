/** Realtime event names on `private-user-<id>` (spec §3); payloads (each under 10 KB) in `chat.ts`. */
export const REALTIME_EVENTS = {
  newMessage: 'new-message',
  newThread: 'new-thread',
  threadBlocked: 'thread-blocked',
  /** Every notice as it is written (the bell's item, beyond spec §3): offers, deal matches, chat notices. */
  notification: 'notification',
} as const
