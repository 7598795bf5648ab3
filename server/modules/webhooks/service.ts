import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import type { Offer, WebhookError } from '../../../src/contract'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { webhookAttempts, webhookDeliveries } from '../../db/schema'
import type { DealRow } from '../deals/repository'
import { checkTarget, systemResolver, TargetRefusedError, type Resolver, type TargetPolicy } from './address'
import { dealPayload, enqueue, webhookDeliveryJob, type DeliveryRow } from './deliveries'
import { sendWebhook, type SendResult } from './send'
import { settingsOf } from './settings'

/**
 * The offer webhook (issue 11). Settings per seller; an event is a row of `webhook_deliveries` (the delivery
 * log the seller's Integrations tab lists) and a `webhook-delivery` job, both written in the transaction of
 * the offer that caused them (issue 25: one job system). The job POSTs the event after the commit, signed by
 * the Standard Webhooks scheme, records the attempt and, on a failure, sends the next attempt's job at the
 * time the log shows (30 s × 4^(n−1): a schedule pg-boss's own backoff, ×2 with jitter, cannot keep).
 * This file is the job and `app.webhooks`; settings.ts keeps the seller's settings, deliveries.ts the log's rows.
 */

/** Attempts per delivery, the first included. */
export const MAX_ATTEMPTS = 6
/** Seconds to wait after failed attempt n (1-based) before attempt n + 1: 30 s × 4^(n−1). */
export const BACKOFF_SECONDS = [30, 120, 480, 1920, 7680] as const

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

type Orphan = { id: string; attempts: number; next_attempt_at: string | Date | null }

/** Decorates the app with `app.webhooks` and defines the delivery job (run by the job system's workers). */
export function registerWebhooks(app: FastifyInstance, options: WebhookOptions = {}) {
  const policy = targetPolicy(app.config, options.resolve)

  async function post(row: DeliveryRow, at: Date): Promise<SendResult> {
    const settings = await settingsOf(app.db, row.userId)
    if (!settings?.secret) return fail('invalid_url')
    const body = JSON.stringify(row.payload)
    try {
      const target = await checkTarget(row.url, policy)
      const signature = new Webhook(settings.secret).sign(row.eventId, at, body)
      return await sendWebhook(target, body, {
        'webhook-id': row.eventId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      })
    } catch (error) {
      if (!(error instanceof TargetRefusedError)) throw error
      return fail(error.reason === 'unresolvable' ? 'network' : 'address_refused')
    }
  }

  async function attempt({ deliveryId, attempt: attempts }: { deliveryId: string; attempt: number }) {
    const [row] = await app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId))
    // Delivered, given up, or this attempt already made: a job run twice sends nothing twice.
    if (!row || row.status !== 'pending' || row.attempts !== attempts - 1) return
    const at = app.now()
    const started = Date.now()
    const result = await post(row, at)
    // A refused address is final: it will not become allowed by waiting.
    const final = result.ok || attempts >= MAX_ATTEMPTS || result.error === 'address_refused'
    const status = result.ok ? 'delivered' : final ? 'failed' : 'pending'
    const next = status === 'pending' ? new Date(at.getTime() + BACKOFF_SECONDS[attempts - 1]! * 1000) : null
    await app.db.transaction(async (tx) => {
      const updated = await tx
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
        .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, attempts - 1)))
        .returning({ id: webhookDeliveries.id })
      if (updated.length === 0) return
      await tx.insert(webhookAttempts).values({
        deliveryId: row.id,
        attempt: attempts,
        at,
        statusCode: result.statusCode,
        error: result.ok ? null : result.error,
        durationMs: Date.now() - started,
      })
      if (next)
        await app.jobs.send(tx, webhookDeliveryJob, { deliveryId: row.id, attempt: attempts + 1 }, { startAfter: next })
    })
  }

  // A job that throws (the database, not the receiver) is retried by pg-boss; the receiver's failures are
  // attempts on the log, each with its own job.
  app.jobs.define(webhookDeliveryJob, attempt, {
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    batchSize: 10,
  })

  // Deliveries an older build logged as pending have no job (it polled the table): give each its job once,
  // at the time its log shows. Once every pending row has a job this finds nothing.
  app.addHook('onReady', async () => {
    await app.jobs.prepare()
    const orphans = await app.db.execute(
      sql`select d.id, d.attempts, d.next_attempt_at from webhook_deliveries d where d.status = 'pending'
        and not exists (select 1 from pgboss.job j where j.name = ${webhookDeliveryJob.name}
          and j.data->>'deliveryId' = d.id::text and j.state in ('created', 'retry', 'active'))`,
    )
    for (const row of (orphans as unknown as { rows: Orphan[] }).rows) {
      const startAfter = row.next_attempt_at ? new Date(row.next_attempt_at) : undefined
      await app.jobs.send(
        app.db,
        webhookDeliveryJob,
        { deliveryId: row.id, attempt: row.attempts + 1 },
        {
          ...(startAfter && { startAfter }),
        },
      )
    }
  })

  app.decorate('webhooks', {
    policy,
    async enqueueOfferEvent(tx, type, { offer, deal }) {
      const settings = await settingsOf(tx, deal.sellerId)
      if (!settings?.enabled || !settings.url || !settings.secret) return
      await enqueue(app, tx, deal.sellerId, settings.url, type, { offer, deal: dealPayload(app, deal) })
    },
  } satisfies WebhookService)
}
