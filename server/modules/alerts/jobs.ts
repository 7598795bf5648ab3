import type { FastifyInstance } from 'fastify'
import { runDigests } from './digest'
import { deliverAlert } from './deliver'
import { alertDigestsJob, deliverAlertJob, matchListingJob } from './job-names'
import { matchListing } from './match'

export { alertDigestsJob, deliverAlertJob, matchListingJob }

/** At the top of every hour (UTC): each time zone's 8 am falls on one of them. */
export const DIGEST_CRON = '0 * * * *'

/** Defines the alert jobs (call while the app registers, before ready). */
export function defineAlertJobs(app: FastifyInstance) {
  app.jobs.define(
    matchListingJob,
    async ({ dealId, wave }) => {
      const recorded = await matchListing(app, dealId, wave)
      // No Certified buyer matched: nobody to give a head start, so the others hear at once (their own job
      // still runs after the window and finds only buyers who arrived since).
      if (wave === 'priority' && recorded === 0) await matchListing(app, dealId, 'everyone')
    },
    { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true },
  )
  app.jobs.define(
    deliverAlertJob,
    async ({ dealId, userId }) => {
      await deliverAlert(app, dealId, userId)
    },
    { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true },
  )
  app.jobs.define(
    alertDigestsJob,
    async () => {
      await runDigests(app)
    },
    { cron: DIGEST_CRON, retryLimit: 2, retryDelaySeconds: 60 },
  )
}
