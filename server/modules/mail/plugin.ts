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

/**
 * The outbox is readable over HTTP only on a one-machine setup (embedded database and IdP) and never in
 * production: whatever PUBLIC_URL says, HOST may expose the port, and the outbox hands out everyone's codes
 * and sign-in links. The e2e run uses NODE_ENV=test.
 */
export function isDevOutboxOpen(config: Config): boolean {
  return config.isEmbedded && !config.cognito && config.NODE_ENV !== 'production'
}

/** Decorates the root app with `app.mail` (not a plugin scope: every module sends mail). */
export async function registerMail(app: FastifyInstance) {
  const isOpen = isDevOutboxOpen(app.config)
  app.decorate(
    'mail',
    createMailService({
      db: app.db,
      jobs: app.jobs,
      config: app.config,
      log: app.log.child({ module: 'mail' }),
      now: () => app.now(),
      logSecrets: isOpen && app.config.NODE_ENV === 'development',
    }),
  )
  if (isOpen) await app.register(outboxRoutes)
}
