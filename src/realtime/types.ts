import type { NewMessageEvent, NewThreadEvent, NotificationEvent, RealtimeConfig, ThreadBlockedEvent } from '@/contract'

/** What the provider needs of a pusher-js channel (so tests can hand in a fake one). */
export type RealtimeChannel = {
  bind: (event: string, callback: (data: never) => void) => unknown
}

/** What the provider needs of a pusher-js client. */
export type RealtimeClient = {
  connection: { state: string; bind: (event: string, callback: (data: never) => void) => unknown }
  subscribe: (channel: string) => RealtimeChannel
  unsubscribe: (channel: string) => void
  disconnect: () => void
}

/** The realtime modes that connect (`off` never does). */
export type LiveRealtimeConfig = Exclude<RealtimeConfig, { mode: 'off' }>

/** Makes the client for a configuration: pusher-js in the app, a fake in tests. */
export type RealtimeClientFactory = (config: LiveRealtimeConfig) => Promise<RealtimeClient>

/** The events on `private-user-<id>` and what each carries (spec §3). */
export type RealtimeEventMap = {
  'new-message': NewMessageEvent
  'new-thread': NewThreadEvent
  'thread-blocked': ThreadBlockedEvent
  notification: NotificationEvent
}
export type RealtimeEventName = keyof RealtimeEventMap

/**
 * `off`: not connected (signed out, realtime off by configuration, or a buyer-only user who has not
 * opened the bell); `connecting`; `live`: connected and subscribed; `down`: wanted but unavailable
 * (pusher-js retries on its own). Polling covers every state but `live`.
 */
export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'down'
