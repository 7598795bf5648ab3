import type { AddressInfo } from 'node:net'
import Pusher, { type Channel, type ChannelAuthorizationHandler } from 'pusher-js'
import WebSocket from 'ws'
import type { App } from '../../server/app'
import { EMBEDDED_APP_KEY } from '../../server/realtime/embedded'

/** Listens on a free port of the loopback interface (websockets need a real socket, not inject). */
export async function listen(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return (app.server.address() as AddressInfo).port
}

type ClientOptions = {
  /** The caller's ID token, sent to /api/pusher/auth as the SPA will. */
  token?: string
  /** Replaces the auth endpoint (e.g. to present a forged signature). */
  customHandler?: ChannelAuthorizationHandler
  /** pusher-js pings after this much silence (ms); Pusher's default is 120 s. */
  activityTimeout?: number
}

/** A real pusher-js client (its Node build) pointed at the embedded socket, as the SPA will be. */
export function pusherClient(port: number, options: ClientOptions = {}): Pusher {
  return new Pusher(EMBEDDED_APP_KEY, {
    cluster: 'embedded',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    ...(options.activityTimeout && { activityTimeout: options.activityTimeout }),
    channelAuthorization: options.customHandler
      ? { customHandler: options.customHandler, endpoint: '', transport: 'ajax' }
      : {
          endpoint: `http://127.0.0.1:${port}/api/pusher/auth`,
          transport: 'ajax',
          headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
        },
  })
}

/** Resolves when the connection reaches `state` ('connected', 'disconnected', ...). */
export function reachState(pusher: Pusher, state: string): Promise<void> {
  if (pusher.connection.state === state) return Promise.resolve()
  return new Promise((resolve) => {
    const onChange = ({ current }: { current: string }) => {
      if (current !== state) return
      pusher.connection.unbind('state_change', onChange)
      resolve()
    }
    pusher.connection.bind('state_change', onChange)
  })
}

/** The next `event` on `channel` (or on the client as a whole), with its data. */
export function nextEvent<T = unknown>(target: Channel | Pusher | Pusher['connection'], event: string): Promise<T> {
  return new Promise((resolve) => {
    const onEvent = (data: T) => {
      target.unbind(event, onEvent)
      resolve(data)
    }
    target.bind(event, onEvent)
  })
}

export type SubscriptionOutcome = { ok: true } | { ok: false; error: { type?: string; status?: number } }

/** Subscribes and waits for the server's (or the auth endpoint's) verdict. */
export function subscribe(pusher: Pusher, channelName: string): Promise<SubscriptionOutcome> {
  const channel = pusher.subscribe(channelName)
  return new Promise((resolve) => {
    channel.bind('pusher:subscription_succeeded', () => resolve({ ok: true }))
    channel.bind('pusher:subscription_error', (error: { type?: string; status?: number }) =>
      resolve({ ok: false, error }),
    )
  })
}

/**
 * A round trip on this client's socket: the server handles frames in order, so once the pong is back
 * every frame sent before the ping (an unsubscribe, say) has been handled.
 */
export async function roundTrip(pusher: Pusher): Promise<void> {
  const pong = nextEvent(pusher, 'pusher:pong')
  pusher.send_event('pusher:ping', {})
  await pong
}

/** Every non-protocol event a client receives, in order, as `<event> <data as JSON>`. */
export function recordEvents(pusher: Pusher): string[] {
  const seen: string[] = []
  pusher.bind_global((event: string, data: unknown) => {
    if (!event.startsWith('pusher')) seen.push(`${event} ${JSON.stringify(data)}`)
  })
  return seen
}

export type RawFrame = { event: string; channel?: string; data: unknown }

/** A bare `ws` client, for what pusher-js hides (close codes, HTTP refusals, silence). */
export function rawSocket(port: number, path: string, options: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, options)
  const frames: RawFrame[] = []
  const waiting: ((frame: RawFrame) => void)[] = []
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString()) as RawFrame
    if (typeof frame.data === 'string') frame.data = JSON.parse(frame.data) as unknown
    const next = waiting.shift()
    if (next) next(frame)
    else frames.push(frame)
  })
  ws.on('error', () => undefined)
  return {
    ws,
    /** The next frame the server sends. */
    next: () =>
      new Promise<RawFrame>((resolve) => (frames.length > 0 ? resolve(frames.shift()!) : waiting.push(resolve))),
    closed: new Promise<{ code: number; reason: string }>((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
    /** The HTTP status of a refused upgrade. */
    refused: new Promise<number>((resolve) =>
      ws.on('unexpected-response', (request, response) => {
        resolve(response.statusCode ?? 0)
        request.destroy()
      }),
    ),
  }
}

/** The query pusher-js sends, for raw sockets. */
export const PUSHER_QUERY = '?protocol=7&client=js&version=8.6.0&flash=false'
export const embeddedPath = (key = EMBEDDED_APP_KEY, query = PUSHER_QUERY) => `/app/${key}${query}`
