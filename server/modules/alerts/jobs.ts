import type { FastifyInstance } from 'fastify'
import { jobName } from '../../jobs/service'
import { runDigests } from './digest'
import { matchListing, type Wave } from './match'

/** Alerts a live listing to the buyers it matches: Certified ones (`priority`), or everyone after the window. */
export const matchListingJob = jobName<{ dealId: string; wave: Wave }>('match-listing')
/** Hourly: the daily and weekly digests of the buyers whose local time is 8 am. */
export const alertDigestsJob = jobName<Record<string, never>>('alert-digests')

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
    alertDigestsJob,
    async () => {
      await runDigests(app)
    },
    { cron: DIGEST_CRON, retryLimit: 2, retryDelaySeconds: 60 },
  )
}
