import type { Server } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { createEmbeddedRealtime } from './embedded'
import type { RealtimeSettings } from './env'
import { createPusherChannels } from './pusher-channels'
import type { Realtime } from './types'

export type { Realtime } from './types'

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
  close: () => Promise.resolve(),
}

/** The realtime service the settings name: off, Pusher Channels, or the embedded socket on `server`'s port. */
export function createRealtime(settings: RealtimeSettings, server: Server, log: FastifyBaseLogger): Realtime {
  switch (settings.mode) {
    case 'off':
      return realtimeOff
    case 'pusher':
      return createPusherChannels(settings, log)
    case 'embedded':
      return createEmbeddedRealtime({ ...settings, server, log })
  }
}

/**
 * Decorates `app.realtime` (from config, or `override`, e.g. a recorder in a test) and closes it
 * before the HTTP server stops: open websockets would otherwise keep `app.close()` waiting.
 */
export function registerRealtime(app: FastifyInstance, override?: Realtime) {
  const realtime = override ?? createRealtime(app.config.realtime, app.server, app.log.child({ module: 'realtime' }))
  app.decorate('realtime', realtime)
  app.addHook('preClose', async () => {
    await realtime.close()
  })
}
