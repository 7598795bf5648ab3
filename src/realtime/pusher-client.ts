import type { ChannelAuthorizationCallback, ChannelAuthorizationHandler, Options } from 'pusher-js'
import { authTransport } from '@/api/transport'
import { pusherAuthRoute } from '@/contract'
import type { LiveRealtimeConfig, RealtimeClientFactory } from './types'

/** Spec §8 realtime auth errors. */
export const NO_AUTH_TOKEN_MESSAGE = 'No auth token available'
export const authFailedMessage = (status: number | string) => `Authentication failed: ${status}`

/** The page's address, as `window.location` gives it (a parameter so tests can give another). */
export type PageLocation = Pick<Location, 'protocol' | 'hostname' | 'port'>

/**
 * Sends pusher-js's own form-encoded channel authorisation request (`socket_id`, `channel_name`) with the
 * given headers; the SDK's XMLHttpRequest transport in the app.
 */
export type AuthPoster = (
  query: string,
  headers: Record<string, string>,
  callback: (error: { status?: number } | null, data: { auth: string } | null) => void,
) => void

/**
 * The channel authoriser: a fresh ID token from the session first (the session refreshes it when 300 s or
 * less remain), then the form-encoded POST to the contract's pusherAuth path with the bearer header.
 * Failures say "No auth token available" or "Authentication failed: {status}" (spec §8).
 */
export function channelAuthorizer(post: AuthPoster): ChannelAuthorizationHandler {
  return ({ socketId, channelName }, callback: ChannelAuthorizationCallback) => {
    authTransport()
      .getFreshToken()
      .then(
        (token) => {
          if (!token) {
            callback(new Error(NO_AUTH_TOKEN_MESSAGE), null)
            return
          }
          const query = `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channelName)}`
          post(query, { Authorization: `Bearer ${token}` }, (error, data) => {
            if (error || !data || typeof data.auth !== 'string') {
              callback(new Error(authFailedMessage(error?.status ?? 200)), null)
            } else {
              callback(null, { auth: data.auth })
            }
          })
        },
        () => callback(new Error(NO_AUTH_TOKEN_MESSAGE), null),
      )
  }
}

/**
 * pusher-js options. Embedded mode talks to the server's own Pusher-protocol socket on the page's origin:
 * host and port of the page, TLS when the page has it, websockets only, the cluster any string (pusher-js
 * requires one). Pusher mode is Pusher Channels in its cluster, or the Pusher-protocol server the config names
 * (host, port), over TLS unless the config says otherwise.
 */
export function pusherOptions(
  config: LiveRealtimeConfig,
  page: PageLocation,
  authorize: ChannelAuthorizationHandler,
): Options {
  const channelAuthorization = { customHandler: authorize }
  if (config.mode === 'pusher') {
    if (config.host === undefined) {
      return { cluster: config.cluster, forceTLS: config.useTLS, disableStats: true, channelAuthorization }
    }
    // A Pusher-protocol server of the deployment's own (PUSHER_HOST): websockets only, as on the embedded socket.
    return {
      cluster: config.cluster,
      wsHost: config.host,
      ...(config.port !== undefined && { wsPort: config.port, wssPort: config.port }),
      forceTLS: config.useTLS,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      channelAuthorization,
    }
  }
  const secure = page.protocol === 'https:'
  const port = Number(page.port) || (secure ? 443 : 80)
  return {
    cluster: config.cluster || 'embedded',
    wsHost: page.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization,
  }
}

/**
 * The app's client: pusher-js, loaded on first use (buyer-only users who never open the bell never load
 * it). Channel auth goes through pusher-js's own form-encoded XHR transport, with our token first.
 */
export const createPusherClient: RealtimeClientFactory = async (config) => {
  const { default: Pusher } = await import('pusher-js')
  const runtime = Pusher.Runtime
  const post: AuthPoster = (query, headers, callback) => {
    const ajax = runtime.getAuthorizers().ajax
    if (!ajax) {
      callback({ status: 0 }, null)
      return
    }
    ajax(
      runtime,
      query,
      { transport: 'ajax', endpoint: pusherAuthRoute.path, headers },
      // pusher-js's AuthRequestType.ChannelAuthorization (a string enum the package does not export).
      'channel-authorization' as Parameters<typeof ajax>[3],
      callback,
    )
  }
  return new Pusher(config.key, pusherOptions(config, window.location, channelAuthorizer(post)))
}
