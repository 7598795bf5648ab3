import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { pushSubscriptions } from '../../db/schema/alerts'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import type { VapidKeys } from './keys'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Whether a browser may subscribe with this endpoint: https always (every browser's push service is https);
 * plain http only outside production and only on this machine's loopback (a test's or a developer's local
 * receiver). Delivery checks the address again (no private addresses in production).
 */
export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  const url = new URL(endpoint)
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && !production && LOOPBACK_HOSTS.has(url.hostname)
}

/** The caller's browser push subscriptions (signed-in users; each touches only their own). */
export function pushRoutes(vapidKeys: () => Promise<VapidKeys>): FastifyPluginAsync {
  return async (app) => {
    implement(app, endpoints.getPushKey, async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { publicKey: (await vapidKeys()).publicKey }
    })

    implement(app, endpoints.savePushSubscription, async (request) => {
      const { endpoint, keys } = request.body
      if (!isAllowedPushEndpoint(endpoint, app.config.NODE_ENV === 'production')) {
        throw new AppError(400, 'invalid_input', 'invalidInput', {
          fields: { endpoint: request.t('validation:httpsUrl') },
        })
      }
      // One row per endpoint: the browser that subscribes again (or under another account) takes it over.
      const [row] = await app.db
        .insert(pushSubscriptions)
        .values({ userId: request.user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: app.now() })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: request.user.id, p256dh: keys.p256dh, auth: keys.auth },
        })
        .returning()
      return { id: row!.id, endpoint: row!.endpoint, createdAt: row!.createdAt.toISOString() }
    })

    implement(app, endpoints.deletePushSubscription, async (request) => {
      const deleted = await app.db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, request.user.id), eq(pushSubscriptions.endpoint, request.query.endpoint)),
        )
        .returning({ id: pushSubscriptions.id })
      if (deleted.length === 0) throw new AppError(404, 'not_found', 'notFound')
      return { deleted: true as const }
    })
  }
}
