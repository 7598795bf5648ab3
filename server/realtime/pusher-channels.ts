import type { FastifyBaseLogger } from 'fastify'
import Pusher from 'pusher'
import type { RealtimeConfig } from '../../src/contract'
import type { PusherChannelsSettings } from './env'
import { encodeEventData, type Realtime } from './types'

export type PusherChannelsRealtime = Realtime & {
  /** The SDK client, for tests to read the options it was built with. */
  readonly sdk: Pusher
}

/**
 * Pusher Channels through the official `pusher` SDK: pushes are HTTP calls to the REST API of Pusher's
 * cluster, or of any Pusher-protocol server `host` names (a self-hosted soketi, another instance's embedded
 * socket); subscriptions are signed with the app secret the same way the embedded socket checks them.
 */
export function createPusherChannels(
  settings: Omit<PusherChannelsSettings, 'mode'>,
  log: FastifyBaseLogger,
): PusherChannelsRealtime {
  const { appId, key, secret, cluster, host, port, useTLS } = settings
  // A push should never hold a request for long: its data is also served by polling.
  const sdk = new Pusher({
    appId,
    key,
    secret,
    cluster,
    useTLS,
    timeout: 5_000,
    ...(host !== undefined && { host }),
    ...(port !== undefined && { port: String(port) }),
  })
  const clientConfig: RealtimeConfig = {
    mode: 'pusher',
    key,
    cluster,
    useTLS,
    ...(host !== undefined && { host }),
    ...(port !== undefined && { port }),
  }

  return {
    mode: 'pusher',
    sdk,
    clientConfig,
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
     * by /api/pusher/auth). Roles change no channel anyone may hold, so nothing more is lost. A Keyway
     * realtime node (PUSHER_HOST) does better: it ends the sockets holding the user's channel, which reconnect
     * and must be authorised again (server/realtime/pusher-http-api.ts).
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
