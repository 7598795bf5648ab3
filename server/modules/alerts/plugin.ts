import type { FastifyInstance } from 'fastify'
import { isDevOutboxOpen } from '../mail/plugin'
import { defineAlertJobs } from './jobs'
import { devDigestRoutes, unsubscribeRoutes } from './routes'

/**
 * Matching alerts (issue 25): the `match-listing` and `alert-digests` jobs, the public unsubscribe
 * endpoints and, where the development outbox is open, the digest trigger beside it.
 */
export async function registerAlerts(app: FastifyInstance) {
  defineAlertJobs(app)
  await app.register(unsubscribeRoutes)
  if (isDevOutboxOpen(app.config)) await app.register(devDigestRoutes)
}
