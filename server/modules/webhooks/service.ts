import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import type { Offer, WebhookError } from '../../../src/contract'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { webhookAttempts, webhookDeliveries } from '../../db/schema'
import type { DealRow } from '../deals/repository'
import { checkTarget, systemResolver, TargetRefusedError, type Resolver, type TargetPolicy } from './address'
import { dealPayload, enqueue, type DeliveryRow } from './deliveries'
import { sendWebhook, type SendResult } from './send'
import { settingsOf } from './settings'

/**
 * The offer webhook (issue 11). Settings per seller; events are rows of `webhook_deliveries` written in the
 * transaction of the offer that caused them, and a worker POSTs them after the commit, signed by the Standard
 * Webhooks scheme, retrying with exponential backoff. The queue is the table, so a restart loses nothing.
 * This file is the worker and `app.webhooks`; settings.ts keeps the seller's settings, deliveries.ts the queue's rows.
 */

/** Attempts per delivery, the first included. */
export const MAX_ATTEMPTS = 6
/** Seconds to wait after failed attempt n (1-based) before attempt n + 1: 30 s × 4^(n−1). */
export const BACKOFF_SECONDS = [30, 120, 480, 1920, 7680] as const
/** How long a claimed delivery is left alone before another tick may take it again (a crash mid-attempt). */
const CLAIM_LEASE_MS = 60_000
const BATCH = 10
const POLL_EVERY_MS = 5000

export type WebhookOptions = {
  /** Replaces DNS resolution (tests: a host name that resolves to a private address). */
  resolve?: Resolver
}

export type WebhookService = {
  /** Queues an offer event for the listing's seller, inside the caller's transaction; nothing when their webhook is off. */
  enqueueOfferEvent(
    tx: Database,
    type: 'offer.created' | 'offer.accepted',
    event: { offer: Offer; deal: DealRow },
  ): Promise<void>
  /** Asks the worker to look at the queue now (call after the commit); does nothing unless the server listens. */
  wake(): void
  /** Attempts every due delivery once; resolves when they are done. The worker's step, and the tests'. */
  tick(): Promise<number>
  /** Polls the queue every few seconds and on every wake (startWebhookWorker calls these). */
  start(): void
  stop(): Promise<void>
  policy: TargetPolicy
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    webhooks: WebhookService
  }
}

export function targetPolicy(config: Config, resolve: Resolver = systemResolver): TargetPolicy {
  const hatch = config.WEBHOOK_ALLOW_PRIVATE_TARGETS
  return { allowHttp: hatch || config.NODE_ENV === 'development', allowPrivate: hatch, resolve }
}

const fail = (error: WebhookError): SendResult => ({ ok: false, statusCode: null, error })

/** Decorates the app with `app.webhooks`; the worker runs only once startWebhookWorker's hooks start it. */
export function registerWebhooks(app: FastifyInstance, options: WebhookOptions = {}) {
  const policy = targetPolicy(app.config, options.resolve)
  let listening = false
  let running: Promise<number> | null = null
  let again = false

  async function attempt(row: DeliveryRow): Promise<void> {
    const settings = await settingsOf(app.db, row.userId)
    const at = app.now()
    const started = Date.now()
    const body = JSON.stringify(row.payload)
    let result: SendResult
    if (!settings?.secret) {
      result = fail('invalid_url')
    } else {
      try {
        const target = await checkTarget(row.url, policy)
        const signature = new Webhook(settings.secret).sign(row.eventId, at, body)
        result = await sendWebhook(target, body, {
          'webhook-id': row.eventId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        })
      } catch (error) {
        if (!(error instanceof TargetRefusedError)) throw error
        result = fail(error.reason === 'unresolvable' ? 'network' : 'address_refused')
      }
    }
    const attempts = row.attempts + 1
    // A refused address is final: it will not become allowed by waiting.
    const final = result.ok || attempts >= MAX_ATTEMPTS || (!result.ok && result.error === 'address_refused')
    const status = result.ok ? 'delivered' : final ? 'failed' : 'pending'
    const next = status === 'pending' ? new Date(at.getTime() + BACKOFF_SECONDS[attempts - 1]! * 1000) : null
    await app.db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: row.id,
        attempt: attempts,
        at,
        statusCode: result.statusCode,
        error: result.ok ? null : result.error,
        durationMs: Date.now() - started,
      })
      await tx
        .update(webhookDeliveries)
        .set({
          attempts,
          status,
          nextAttemptAt: next,
          lastStatusCode: result.statusCode,
          lastError: result.ok ? null : result.error,
          lastAttemptAt: at,
          deliveredAt: result.ok ? at : null,
        })
        .where(eq(webhookDeliveries.id, row.id))
    })
  }

  /** Claims due deliveries (pushing their next attempt a lease ahead, so no other tick takes them) and tries each. */
  async function runOnce(): Promise<number> {
    const now = app.now()
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS)
    const claimed = await app.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: lease })
      .where(
        sql`${webhookDeliveries.id} in (select id from webhook_deliveries where status = 'pending'
          and next_attempt_at <= ${now.toISOString()} order by next_attempt_at limit ${BATCH} for update skip locked)`,
      )
      .returning()
    await Promise.all(
      claimed.map((row) =>
        attempt(row).catch((error: unknown) =>
          app.log.error({ err: error, deliveryId: row.id }, 'webhook attempt failed'),
        ),
      ),
    )
    return claimed.length
  }

  function tick(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        const count = await runOnce()
        total += count
        if (count === BATCH) again = true
      } while (again && listening)
      return total
    })().finally(() => {
      running = null
    })
    return running
  }

  const logged = (promise: Promise<unknown>) =>
    promise.catch((error: unknown) => app.log.error({ err: error }, 'webhook worker failed'))

  let timer: NodeJS.Timeout | undefined
  app.decorate('webhooks', {
    policy,
    tick,
    start() {
      listening = true
      timer = setInterval(() => void logged(tick()), POLL_EVERY_MS)
      timer.unref()
      app.webhooks.wake()
    },
    async stop() {
      listening = false
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
    wake() {
      if (listening) setImmediate(() => void logged(tick()))
    },
    async enqueueOfferEvent(tx, type, { offer, deal }) {
      const settings = await settingsOf(tx, deal.sellerId)
      if (!settings?.enabled || !settings.url || !settings.secret) return
      await enqueue(tx, app.now(), deal.sellerId, settings.url, type, { offer, deal: dealPayload(app, deal) })
    },
  } satisfies WebhookService)
}

/** Delivers queued webhooks while the server listens (not under app.inject: tests call `app.webhooks.tick()`). */
export function startWebhookWorker(app: FastifyInstance) {
  app.addHook('onListen', async () => app.webhooks.start())
  app.addHook('onClose', async () => app.webhooks.stop())
}
