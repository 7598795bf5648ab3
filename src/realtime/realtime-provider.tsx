import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { queryFor } from '@/api/queries'
import { isPrivileged, useAuth } from '@/auth'
import { lazyEndpoint, realtimeConfigRoute } from '@/contract'
import type {
  LiveRealtimeConfig,
  RealtimeClient,
  RealtimeClientFactory,
  RealtimeEventMap,
  RealtimeEventName,
  RealtimeStatus,
} from './types'
import { realtimeUserId, userChannel } from './user-channel'

/** Spec §9: a buyer-only user's on-demand connection ends after 15 minutes without activity, checked every 60 s. */
export const INACTIVITY_DISCONNECT_MS = 15 * 60 * 1000
export const INACTIVITY_CHECK_MS = 60 * 1000

/** Its schema loaded with the first call, and the events' with the first connection: start-up code carries no zod. */
const realtimeConfig = lazyEndpoint('realtimeConfig', realtimeConfigRoute)

/** pusher-js and its set-up load with the first connection: most visitors never open one. */
const createPusherClient: RealtimeClientFactory = (config) =>
  import('./pusher-client').then((module) => module.createPusherClient(config))

type Listener<N extends RealtimeEventName> = (data: RealtimeEventMap[N]) => void

export type RealtimeContextValue = {
  status: RealtimeStatus
  /** A buyer-only user opened the bell: connect now (and count it as activity). */
  connectOnDemand: () => void
  /**
   * Listens to one event on the user's channel; returns the way to stop. With `catchUpAs`, the listener
   * first gets the recent events (LATE_HANDLER_WINDOW_MS) no listener of that name has handled.
   */
  on: <N extends RealtimeEventName>(event: N, listener: Listener<N>, options?: { catchUpAs?: string }) => () => void
  /**
   * Called after every (re)subscription, reconnects included: Pusher keeps no history, so whoever shows
   * live data catches up on what came while the socket was away.
   */
  onResync: (listener: () => void) => () => void
}

const noop = () => () => {}
const RealtimeContext = createContext<RealtimeContextValue>({
  status: 'off',
  connectOnDemand: () => {},
  on: noop,
  onResync: noop,
})

/**
 * How long an event is kept for a handler that comes later. Handlers can mount after the socket is live (the
 * chat's come with the bell's code, loaded after the first paint): an event in between (a message, a
 * notice) would be lost to them, since Pusher keeps no history. Older ones are stale.
 */
export const LATE_HANDLER_WINDOW_MS = 30_000
const RECENT_EVENTS_CAP = 50

type HubListener = { call: (data: never) => void; catchUpAs?: string }
type RecentEvent = { name: string; data: unknown; at: number; handledBy: Set<string> }

/**
 * A tiny listener registry that outlives connections (listeners stay while the socket comes and goes). A
 * listener with a `catchUpAs` name also gets, as it registers, the recent events that name has not handled
 * (once each: a remount under the same name gets no second copy).
 */
function createHub() {
  const listeners = new Map<string, Set<HubListener>>()
  let recent: RecentEvent[] = []
  const add = (name: string, listener: HubListener) => {
    const set = listeners.get(name) ?? new Set()
    set.add(listener)
    listeners.set(name, set)
    const { catchUpAs } = listener
    if (catchUpAs) {
      const since = Date.now() - LATE_HANDLER_WINDOW_MS
      for (const event of recent) {
        if (event.name !== name || event.at < since || event.handledBy.has(catchUpAs)) continue
        event.handledBy.add(catchUpAs)
        ;(listener.call as (value: unknown) => void)(event.data)
      }
    }
    return () => {
      set.delete(listener)
    }
  }
  const emit = (name: string, data: unknown, { keep = true } = {}) => {
    const current = [...(listeners.get(name) ?? [])]
    if (keep) {
      const handledBy = new Set(current.flatMap((listener) => (listener.catchUpAs ? [listener.catchUpAs] : [])))
      recent = [...recent, { name, data, at: Date.now(), handledBy }].slice(-RECENT_EVENTS_CAP)
    }
    for (const listener of current) (listener.call as (value: unknown) => void)(data)
  }
  return { add, emit }
}

const RESYNC = 'resync'

/**
 * The realtime connection, app-wide (spec §4): privileged users (originator, owner, admin) connect at sign-in
 * and subscribe to `private-user-<their id>`; buyer-only users connect when they open the bell
 * (`connectOnDemand`) and are disconnected after 15 minutes without activity; a role upgrade connects;
 * signing out, leaving the page or unmounting unsubscribes and disconnects. Realtime off by configuration
 * never connects: polling carries everything then, as it does whenever the socket is down.
 *
 * `createClient` makes the client (pusher-js by default; tests hand in a fake).
 */
export function RealtimeProvider({
  children,
  createClient = createPusherClient,
}: {
  children: ReactNode
  createClient?: RealtimeClientFactory
}) {
  const { user } = useAuth()
  const userId = realtimeUserId(user)
  const privileged = isPrivileged(user)
  const config = useQuery({
    ...queryFor(realtimeConfig),
    enabled: userId !== null,
    staleTime: Infinity,
    retry: 1,
  }).data
  const [onDemand, setOnDemand] = useState(false)
  const [pageHidden, setPageHidden] = useState(false)
  const [connectionStatus, setConnectionStatus] = useState<RealtimeStatus>('off')
  const [hub] = useState(createHub)
  const lastActivity = useRef(0)
  const factory = useRef(createClient)

  const live = config && config.mode !== 'off' ? config : null
  const wanted = userId !== null && live !== null && !pageHidden && (privileged || onDemand)
  const key = live?.key
  const cluster = live?.cluster
  const mode = live?.mode
  // Pusher mode's own server (PUSHER_HOST, PORT, USE_TLS), kept as plain values so the effect reruns only on a change.
  const host = live?.mode === 'pusher' ? live.host : undefined
  const port = live?.mode === 'pusher' ? live.port : undefined
  const useTLS = live?.mode === 'pusher' ? live.useTLS : undefined

  // Leaving the page (or the back-forward cache taking it) ends the connection; coming back renews it.
  useEffect(() => {
    const onHide = () => setPageHidden(true)
    const onShow = () => setPageHidden(false)
    window.addEventListener('pagehide', onHide)
    window.addEventListener('pageshow', onShow)
    return () => {
      window.removeEventListener('pagehide', onHide)
      window.removeEventListener('pageshow', onShow)
    }
  }, [])

  useEffect(() => {
    if (!wanted || !userId || !key || cluster === undefined || !mode) return
    const channel = userChannel(userId)
    let client: RealtimeClient | null = null
    let closed = false
    const setStatus = (status: RealtimeStatus) => {
      if (!closed) setConnectionStatus(status)
    }
    const config: LiveRealtimeConfig =
      mode === 'pusher'
        ? {
            mode,
            key,
            cluster,
            useTLS: useTLS ?? true,
            ...(host !== undefined && { host }),
            ...(port !== undefined && { port }),
          }
        : { mode, key, cluster }
    Promise.all([factory.current(config), import('./subscribe')])
      .then(([created, { followUserChannel }]) => {
        if (closed) {
          created.disconnect()
          return
        }
        client = created
        followUserChannel(created, channel, {
          setStatus,
          emit: (name, data) => {
            lastActivity.current = Date.now()
            hub.emit(name, data)
          },
          // A catch-up is for who is there: one that mounts later loads fresh anyway.
          resync: () => hub.emit(RESYNC, undefined, { keep: false }),
        })
      })
      .catch((error: unknown) => {
        console.warn('Realtime unavailable', error)
        setStatus('down')
      })
    return () => {
      closed = true
      if (client) {
        client.unsubscribe(channel)
        client.disconnect()
      }
      setConnectionStatus('off')
    }
  }, [wanted, userId, key, cluster, mode, host, port, useTLS, hub])

  // A buyer-only user's on-demand connection: activity on the page or on the socket keeps it; 15 quiet minutes end it.
  const onDemandOnly = onDemand && !privileged
  useEffect(() => {
    if (!onDemandOnly) return
    const touch = () => {
      lastActivity.current = Date.now()
    }
    const events = ['pointerdown', 'keydown'] as const
    events.forEach((name) => window.addEventListener(name, touch, { passive: true }))
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity.current >= INACTIVITY_DISCONNECT_MS) setOnDemand(false)
    }, INACTIVITY_CHECK_MS)
    return () => {
      events.forEach((name) => window.removeEventListener(name, touch))
      window.clearInterval(timer)
    }
  }, [onDemandOnly])

  // Signing out forgets the on-demand wish (the next user decides for themselves).
  const [wishOwner, setWishOwner] = useState(userId)
  if (wishOwner !== userId) {
    setWishOwner(userId)
    setOnDemand(false)
  }

  const connectOnDemand = useCallback(() => {
    lastActivity.current = Date.now()
    setOnDemand(true)
  }, [])
  const on = useCallback(
    <N extends RealtimeEventName>(event: N, listener: Listener<N>, options: { catchUpAs?: string } = {}) =>
      hub.add(event, { call: listener as (data: never) => void, catchUpAs: options.catchUpAs }),
    [hub],
  )
  const onResync = useCallback((listener: () => void) => hub.add(RESYNC, { call: listener }), [hub])

  const status: RealtimeStatus = !wanted ? 'off' : connectionStatus === 'off' ? 'connecting' : connectionStatus
  const value = useMemo(() => ({ status, connectOnDemand, on, onResync }), [status, connectOnDemand, on, onResync])
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>
}

/** The connection's status and its listeners (see RealtimeProvider). */
export const useRealtime = () => useContext(RealtimeContext)

/**
 * Runs `handler` on every `event` while mounted; the latest handler is always the one called. `catchUpAs`
 * names a handler that may mount after the socket is live: it also gets what came shortly before it.
 */
export function useRealtimeEvent<N extends RealtimeEventName>(
  event: N,
  handler: Listener<N>,
  { catchUpAs }: { catchUpAs?: string } = {},
) {
  const { on } = useRealtime()
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => on(event, (data) => latest.current(data), { catchUpAs }), [on, event, catchUpAs])
}

/** Runs `handler` after every (re)subscription while mounted. */
export function useRealtimeResync(handler: () => void) {
  const { onResync } = useRealtime()
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => onResync(() => latest.current()), [onResync])
}
