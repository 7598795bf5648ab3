import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { WebhookDelivery, WebhookEventType } from '../../../src/contract'
import type { Database } from '../../db/client'
import { webhookDeliveries } from '../../db/schema'
import { AppError } from '../../http/errors'
import { jobName } from '../../jobs/service'
import type { DealRow } from '../deals/repository'
import { settingsOf } from './settings'

/** The delivery log's rows as the seller sees them, and how an event joins the log. */

const LIST_LIMIT = 20

export type DeliveryRow = typeof webhookDeliveries.$inferSelect

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookEventType,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError as WebhookDelivery['lastError'],
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }
}

/**
 * One attempt at one delivery. `attempt` is the attempt it makes (1-based): a job that finds the log past it
 * (a job run twice) does nothing.
 */
export const webhookDeliveryJob = jobName<{ deliveryId: string; attempt: number }>('webhook-delivery')

/**
 * Logs one event (a `webhook_deliveries` row, due now) and sends its first attempt's job, both inside `db`'s
 * transaction: a write that rolls back leaves neither.
 */
export async function enqueue(
  app: FastifyInstance,
  db: Database,
  userId: string,
  url: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
) {
  const at = app.now()
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      eventId: `msg_${randomUUID().replaceAll('-', '')}`,
      userId,
      type,
      payload: { type, timestamp: at.toISOString(), data },
      url,
      nextAttemptAt: at,
      createdAt: at,
    })
    .returning()
  await app.jobs.send(db, webhookDeliveryJob, { deliveryId: row!.id, attempt: 1 })
  return row!
}

/** Queues a signed `webhook.test` event to the caller's URL (409 `webhook_not_ready` without URL and secret). */
export async function sendTest(app: FastifyInstance, userId: string): Promise<WebhookDelivery> {
  const settings = await settingsOf(app.db, userId)
  if (!settings?.url || !settings.secret) throw new AppError(409, 'webhook_not_ready', 'webhookNotReady')
  const { url } = settings
  const row = await app.db.transaction((tx) =>
    enqueue(app, tx, userId, url, 'webhook.test', {
      message: 'A test event from Keyway: your endpoint is reachable and the signature checks out.',
    }),
  )
  return toDelivery(row)
}

export async function listDeliveries(app: FastifyInstance, userId: string): Promise<WebhookDelivery[]> {
  const rows = await app.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.userId, userId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(LIST_LIMIT)
  return rows.map(toDelivery)
}

/** What a receiver learns of the listing: what its own seller sees of it, and where it is in the app. */
export function dealPayload(app: FastifyInstance, deal: DealRow) {
  return {
    id: deal.id,
    status: deal.status,
    dealCategory: deal.dealCategory,
    propertyType: deal.propertyType,
    streetAddress: deal.streetAddress,
    city: deal.city,
    state: deal.state,
    zipCode: deal.zipCode,
    purchasePrice: deal.purchasePrice,
    entryFee: deal.entryFee,
    url: `${app.config.PUBLIC_URL}/deals/${deal.id}`,
  }
}
