import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { pushRoutes } from './routes'
import {
  createPushService,
  PUSH_RETRY_DELAY_SECONDS,
  PUSH_RETRY_LIMIT,
  pushDelivery,
  pushDeliveryHandler,
  vapidKeysOnce,
} from './service'

/**
 * Decorates the root app with `app.push`, defines the `push-delivery` job, makes the VAPID keys on first
 * start (kept in `server_keys`). Answers the subscription endpoints' plugin, registered with the other routes
 * (after the user guards).
 */
export function registerPush(app: FastifyInstance): FastifyPluginAsync {
  const vapidKeys = vapidKeysOnce(app.db)
  const deps = {
    db: app.db,
    jobs: app.jobs,
    log: app.log.child({ module: 'push' }),
    now: () => app.now(),
    config: app.config,
  }
  app.decorate('push', createPushService(deps))
  app.jobs.define(pushDelivery, pushDeliveryHandler({ ...deps, vapidKeys }), {
    retryLimit: PUSH_RETRY_LIMIT,
    retryDelaySeconds: PUSH_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  })
  app.addHook('onReady', async () => {
    await vapidKeys()
  })
  return pushRoutes(vapidKeys)
}
