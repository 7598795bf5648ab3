import type { Server } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { clientAddressOf } from '../http/client-address'
import { createEmbeddedRealtime, type ClientAddress } from './embedded'
import type { RealtimeSettings } from './env'
import { fanOut } from './fan-out'
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
      return createEmbeddedRealtime({ ...settings, server, log, clientAddress, secret: embeddedSecret })
  }
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
  const realtime =
    override ??
    (settings.mode === 'embedded'
      ? fanOut(
          createEmbeddedRealtime({
            ...settings,
            server: app.server,
            log,
            clientAddress,
            secret: await embeddedSecret(),
          }),
          app.bus,
          app.db,
          log,
        )
      : createRealtime(settings, app.server, log, clientAddress))
  app.decorate('realtime', realtime)
  app.addHook('preClose', async () => {
    await realtime.close()
  })
}
