import type { FastifyBaseLogger } from 'fastify'
import Pusher from 'pusher'
import type { PusherChannelsSettings } from './env'
import { encodeEventData, type Realtime } from './types'

export type PusherChannelsRealtime = Realtime & {
  /** The SDK client, for tests to read the options it was built with. */
  readonly sdk: Pusher
}

/**
 * Pusher Channels through the official `pusher` SDK: pushes are HTTPS calls to the cluster's REST API,
 * subscriptions are signed with the app secret the same way the embedded socket checks them.
 * `sdkOptions` lets a test point the SDK at a local stand-in (host, port, useTLS).
 */
export function createPusherChannels(
  settings: Omit<PusherChannelsSettings, 'mode'>,
  log: FastifyBaseLogger,
  sdkOptions: { host?: string; port?: string; useTLS?: boolean } = {},
): PusherChannelsRealtime {
  const { appId, key, secret, cluster } = settings
  // A push should never hold a request for long: its data is also served by polling.
  const sdk = new Pusher({ appId, key, secret, cluster, useTLS: true, timeout: 5_000, ...sdkOptions })

  return {
    mode: 'pusher',
    sdk,
    clientConfig: { mode: 'pusher', key, cluster },
    authorize: (socketId, channel) => sdk.authorizeChannel(socketId, channel).auth,
    async trigger(channel, event, data) {
      const json = encodeEventData(log, channel, event, data)
      if (json === null) return false
      try {
        // A string is sent as is, so what was measured is what Pusher receives.
        await sdk.trigger(channel, event, json)
        return true
      } catch (error) {
        // The SDK's error carries the request URL (with a signature); log what helps, not that.
        const status = (error as { status?: number }).status
        const message = error instanceof Error ? error.message : String(error)
        log.warn({ channel, event, status, message }, 'realtime push to Pusher Channels failed')
        return false
      }
    },
    /**
     * Pusher's "terminate user connections" reaches only connections signed in as the user (pusher-js
     * `signin()`, user authentication), which the SPA does not do yet: until it does, this ends nothing
     * and a deactivated user's open socket keeps its subscription until it closes (new ones are refused
     * by /api/pusher/auth). Roles change no channel anyone may hold, so nothing more is lost.
     */
    async disconnectUser(userId, reason) {
      try {
        await sdk.terminateUserConnections(userId)
      } catch (error) {
        const status = (error as { status?: number }).status
        log.warn({ reason, status }, 'realtime: Pusher Channels did not terminate the user’s connections')
      }
    },
    close: () => Promise.resolve(),
  }
}
