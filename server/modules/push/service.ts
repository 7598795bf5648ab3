import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import webPush from 'web-push'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { pushSubscriptions } from '../../db/schema/alerts'
import { jobName, type Jobs } from '../../jobs/service'
import { heldUntil, quietHoursEnd } from '../channels/quiet-hours'
import type { PushMessage, PushService } from '../channels/types'
import { checkTarget, systemResolver, TargetRefusedError, type TargetPolicy } from '../webhooks/address'
import { loadVapidKeys, vapidSubject, type VapidKeys } from './keys'
import { postPush } from './post'

export type PushJob = { subscriptionId: string; title: string; body: string; path: string; notBefore: string | null }
export const pushDelivery = jobName<PushJob>('push-delivery')

export const PUSH_RETRY_LIMIT = 4
export const PUSH_RETRY_DELAY_SECONDS = 60
/** How long a push service keeps a message for a browser that is offline (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60

/**
 * Where pushes may go: https to public addresses; outside production also http and loopback, which the
 * subscription rule (routes.ts) narrows to a local receiver.
 */
export const pushTargetPolicy = (config: Config): TargetPolicy => {
  const local = config.NODE_ENV !== 'production'
  return { allowHttp: local, allowPrivate: local, resolve: systemResolver }
}

type Deps = { db: Database; jobs: Jobs; log: FastifyBaseLogger; now: () => Date; config: Config }

/** The VAPID keys, made on first start and then read once (`serverKey` remembers them per database). */
export function vapidKeysOnce(db: Database): () => Promise<VapidKeys> {
  return () => loadVapidKeys(db)
}

/**
 * `app.push`: one `push-delivery` job per subscription of the user, in the caller's transaction; quiet hours
 * in the buyer's time zone hold them until 8 am there. A user without subscriptions gets nothing.
 */
export function createPushService({ jobs, now }: Pick<Deps, 'jobs' | 'now'>): PushService {
  return {
    async send(db: Database, message: PushMessage) {
      const subscriptions = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, message.userId))
      if (subscriptions.length === 0) return
      const at = now()
      const notBefore = quietHoursEnd(at, message.timeZone)
      const path = message.path.startsWith('/') ? message.path : '/'
      for (const { id } of subscriptions) {
        await jobs.send(
          db,
          pushDelivery,
          {
            subscriptionId: id,
            title: message.title,
            body: message.body,
            path,
            notBefore: notBefore?.toISOString() ?? null,
          },
          notBefore ? { startAfter: heldUntil(notBefore, at) } : {},
        )
      }
    },
  }
}

/**
 * The `push-delivery` handler: encrypts `{ title, body, path }` for the browser (aes128gcm, VAPID-signed, by
 * web-push) and posts it. 404 or 410 from the push service means the browser dropped the subscription: it is
 * deleted. A refused endpoint is deleted too. 429, 5xx and network errors throw (pg-boss retries); other
 * answers are logged and given up. Still in quiet hours on the app's clock, it sends itself again for later.
 */
export function pushDeliveryHandler(deps: Deps & { vapidKeys: () => Promise<VapidKeys> }) {
  const { db, jobs, log, now, config, vapidKeys } = deps
  const policy = pushTargetPolicy(config)
  return async (job: PushJob) => {
    const at = now()
    if (job.notBefore && new Date(job.notBefore) > at) {
      await jobs.send(db, pushDelivery, job, { startAfter: heldUntil(new Date(job.notBefore), at) })
      return
    }
    const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, job.subscriptionId))
    if (!subscription) return
    const drop = () =>
      db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.endpoint, subscription.endpoint)))
    let target
    try {
      target = await checkTarget(subscription.endpoint, policy)
    } catch (error) {
      if (!(error instanceof TargetRefusedError) || error.reason === 'unresolvable') throw error
      log.warn({ subscriptionId: subscription.id, reason: error.reason }, 'push endpoint refused; subscription deleted')
      await drop()
      return
    }
    const { publicKey, privateKey } = await vapidKeys()
    const details = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify({ title: job.title, body: job.body, path: job.path }),
      {
        vapidDetails: { subject: vapidSubject(config.MAIL_FROM), publicKey, privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    )
    const status = await postPush(target, details.body!, details.headers as Record<string, string | number>)
    if (status >= 200 && status < 300) return
    if (status === 404 || status === 410) {
      await drop()
      return
    }
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`)
    log.warn({ subscriptionId: subscription.id, status }, 'push refused by the push service')
  }
}
