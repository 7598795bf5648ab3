import { REALTIME_EVENT_SCHEMAS } from '@/contract/chat'
import type { RealtimeClient, RealtimeStatus } from './types'

type Handlers = {
  setStatus: (status: RealtimeStatus) => void
  /** A checked event from the channel. */
  emit: (name: string, data: unknown) => void
  /** After every (re)subscription: whoever shows live data catches up. */
  resync: () => void
}

/**
 * Subscribes `client` to the user's `channel` and follows it: its status, each event checked against its
 * schema (a payload that does not match is ignored), and a resync after every subscription. Loaded with the
 * first connection, beside pusher-js: the start-up code carries none of it.
 */
export function followUserChannel(client: RealtimeClient, channel: string, { setStatus, emit, resync }: Handlers) {
  setStatus('connecting')
  let subscribed = false
  client.connection.bind('state_change', (change: { current: string }) => {
    if (change.current === 'connected') {
      if (subscribed) setStatus('live')
    } else {
      // pusher-js subscribes again after a reconnect; until then the channel is not live.
      subscribed = false
      setStatus(change.current === 'connecting' ? 'connecting' : 'down')
    }
  })
  const subscription = client.subscribe(channel)
  subscription.bind('pusher:subscription_succeeded', () => {
    subscribed = true
    setStatus('live')
    resync()
  })
  // Spec §8: an auth error on the push channel is only logged; polling carries on.
  subscription.bind('pusher:subscription_error', (error: { type?: string; error?: unknown; status?: number }) => {
    console.warn('Realtime subscription failed', error?.type ?? '', error?.error ?? error?.status ?? '')
    setStatus('down')
  })
  for (const [name, schema] of Object.entries(REALTIME_EVENT_SCHEMAS)) {
    subscription.bind(name, (data: unknown) => {
      const parsed = schema.safeParse(data)
      if (!parsed.success) {
        console.warn(`Realtime event ${name} ignored: unexpected payload`)
        return
      }
      emit(name, parsed.data)
    })
  }
}
