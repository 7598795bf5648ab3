import type { Server } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { clientAddressOf } from '../http/client-address'
import { createEmbeddedRealtime, type ClientAddress, type EmbeddedRealtime } from './embedded'
import type { EmbeddedRealtimeSettings, RealtimeSettings } from './env'
import { fanOut } from './fan-out'
import { pusherHttpApi } from './pusher-http-api'
import { createPusherChannels } from './pusher-channels'
import type { Realtime } from './types'

export type { Realtime, UserDisconnectReason } from './types'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** Pushes to connected browsers: `app.realtime.trigger(channel, event, data)`. */
    realtime: Realtime
  }
}

/** REALTIME=off: nothing is pushed and nothing is signed; the SPA polls. */
const realtimeOff: Realtime = {
  mode: 'off',
  clientConfig: { mode: 'off' },
  trigger: () => Promise.resolve(false),
  authorize: () => {
    throw new Error('Realtime is off: there is nothing to authorise')
  },
  disconnectUser: () => Promise.resolve(),
  close: () => Promise.resolve(),
}

/**
 * The realtime service the settings name: off, Pusher Channels, or the embedded socket on `server`'s port,
 * which counts its callers by `clientAddress` (the HTTP side's rule; the socket's peer when left out) and
 * signs subscriptions with `embeddedSecret` (required in that mode).
 */
export function createRealtime(
  settings: RealtimeSettings,
  server: Server,
  log: FastifyBaseLogger,
  clientAddress: ClientAddress = (request) => request.socket.remoteAddress ?? '',
  embeddedSecret?: string,
): Realtime {
  switch (settings.mode) {
    case 'off':
      return realtimeOff
    case 'pusher':
      return createPusherChannels(settings, log)
    case 'embedded':
      if (!embeddedSecret) throw new Error('The embedded socket needs its signing secret')
      return createEmbedded(settings, server, log, clientAddress, embeddedSecret)
  }
}

/**
 * The embedded socket, with the node's credentials (REALTIME_APP_ID, KEY, SECRET) when they are set, else the
 * embedded key and `sharedSecret` (the one every instance reads from the database).
 */
function createEmbedded(
  { app: node, ...settings }: EmbeddedRealtimeSettings,
  server: Server,
  log: FastifyBaseLogger,
  clientAddress: ClientAddress,
  sharedSecret: string,
): EmbeddedRealtime {
  return createEmbeddedRealtime({
    ...settings,
    secret: sharedSecret,
    ...(node && { appId: node.id, appKey: node.key, secret: node.secret }),
    server,
    log,
    clientAddress,
  })
}

/**
 * Decorates `app.realtime` (from config, or `override`, e.g. a recorder in a test) and closes it
 * before the HTTP server stops: open websockets would otherwise keep `app.close()` waiting. The embedded
 * socket signs with `embeddedSecret` (the same on every instance: server/modules/system/realtime-secret.ts)
 * and fans out across instances through `app.bus`.
 */
export async function registerRealtime(
  app: FastifyInstance,
  override: Realtime | undefined,
  embeddedSecret: () => Promise<string>,
) {
  const log = app.log.child({ module: 'realtime' })
  const settings = app.config.realtime
  const clientAddress = clientAddressOf(app.config.TRUST_PROXY)
  const embedded =
    !override && settings.mode === 'embedded'
      ? fanOut(
          createEmbedded(settings, app.server, log, clientAddress, settings.app ? '' : await embeddedSecret()),
          app.bus,
          app.db,
          log,
        )
      : null
  const realtime = override ?? embedded ?? createRealtime(settings, app.server, log, clientAddress)
  app.decorate('realtime', realtime)
  // With the node's credentials, other instances (Pusher mode) trigger through its Pusher HTTP API.
  if (embedded && settings.mode === 'embedded' && settings.app) {
    const { id: appId, key, secret } = settings.app
    void app.register(
      pusherHttpApi({
        appId,
        key,
        secret,
        // Through the bus: a node of several instances delivers to the sockets of each.
        deliver: embedded.deliver.bind(embedded),
        // Reconnect rather than close for good: the app asks the same for a deactivation and a change of roles,
        // and a deactivated account's reconnection is refused at its channel authorisation.
        terminateUserConnections: (userId) => embedded.disconnectUser(userId, 'rolesChanged'),
        now: () => app.now(),
        log,
      }),
    )
  }
  app.addHook('preClose', async () => {
    await realtime.close()
  })
}
