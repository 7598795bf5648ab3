import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import { outboxRoutes } from './routes'
import { createMailService, type MailService } from './service'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    mail: MailService
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The outbox is readable over HTTP only on a one-machine setup (embedded database and IdP), and in
 * production only when the app is reached on this machine (the e2e run): on a public host it would
 * hand out everyone's codes.
 */
export function isDevOutboxOpen(config: Config): boolean {
  if (!config.isEmbedded || config.cognito) return false
  return config.NODE_ENV !== 'production' || LOOPBACK_HOSTS.has(new URL(config.PUBLIC_URL).hostname)
}

/** Decorates the root app with `app.mail` (not a plugin scope: every module sends mail). */
export async function registerMail(app: FastifyInstance) {
  const isOpen = isDevOutboxOpen(app.config)
  app.decorate(
    'mail',
    createMailService({
      db: app.db,
      config: app.config,
      log: app.log.child({ module: 'mail' }),
      now: () => app.now(),
      logSecrets: isOpen && app.config.NODE_ENV === 'development',
    }),
  )
  if (isOpen) await app.register(outboxRoutes)
}
