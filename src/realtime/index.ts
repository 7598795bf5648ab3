export { RealtimeProvider, useRealtime, useRealtimeEvent, useRealtimeResync } from './realtime-provider'
export { INACTIVITY_CHECK_MS, INACTIVITY_DISCONNECT_MS } from './realtime-provider'
export { realtimeUserId, userChannel } from './user-channel'
export type {
  RealtimeChannel,
  RealtimeClient,
  RealtimeClientFactory,
  RealtimeEventMap,
  RealtimeEventName,
  RealtimeStatus,
  LiveRealtimeConfig,
} from './types'
