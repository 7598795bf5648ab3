import { jobName } from '../../jobs/service'

/** Who a listing's alert goes to first: Certified buyers, or everyone once the priority window has passed. */
export type Wave = 'priority' | 'everyone'

/** Alerts a live listing to the buyers it matches: Certified ones (`priority`), or everyone after the window. */
export const matchListingJob = jobName<{ dealId: string; wave: Wave }>('match-listing')
/** One buyer's real-time alert of one listing, by every channel they chose (retried alone when it fails). */
export const deliverAlertJob = jobName<{ dealId: string; userId: string }>('deliver-alert')
/** Hourly: the daily and weekly digests of the buyers whose local time is 8 am. */
export const alertDigestsJob = jobName<Record<string, never>>('alert-digests')
