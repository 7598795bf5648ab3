import { randomBytes, randomUUID } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import type {
  Offer,
  WebhookDelivery,
  WebhookError,
  WebhookEventType,
  WebhookSecret,
  WebhookSettings,
} from '../../../src/contract'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { webhookAttempts, webhookDeliveries, webhookSettings } from '../../db/schema'
import { AppError } from '../../http/errors'
import type { DealRow } from '../deals/repository'
import { checkTarget, systemResolver, TargetRefusedError, type Resolver, type TargetPolicy } from './address'
import { sendWebhook, type SendResult } from './send'

/**
 * The offer webhook (issue 11). Settings per seller; events are rows of `webhook_deliveries` written in the
 * transaction of the offer that caused them, and a worker POSTs them after the commit, signed by the Standard
 * Webhooks scheme, retrying with exponential backoff. The queue is the table, so a restart loses nothing.
 */

/** Attempts per delivery, the first included. */
export const MAX_ATTEMPTS = 6
/** Seconds to wait after failed attempt n (1-based) before attempt n + 1: 30 s × 4^(n−1). */
export const BACKOFF_SECONDS = [30, 120, 480, 1920, 7680] as const
/** How long a claimed delivery is left alone before another tick may take it again (a crash mid-attempt). */
const CLAIM_LEASE_MS = 60_000
const BATCH = 10
const POLL_EVERY_MS = 5000
const LIST_LIMIT = 20

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

/** The field message for a refused URL. */
const REFUSAL_MESSAGES = {
  invalid: 'validation:webhookUrlInvalid',
  scheme: 'validation:webhookUrlHttps',
  address: 'validation:webhookUrlPrivate',
  unresolvable: 'validation:webhookUrlUnresolvable',
} as const

type SettingsRow = typeof webhookSettings.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

function toSettings(row: SettingsRow | undefined): WebhookSettings {
  return {
    enabled: row?.enabled ?? false,
    url: row?.url ?? null,
    hasSecret: Boolean(row?.secret),
    secretCreatedAt: row?.secretCreatedAt?.toISOString() ?? null,
  }
}

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

async function settingsOf(db: Database, userId: string) {
  const [row] = await db.select().from(webhookSettings).where(eq(webhookSettings.userId, userId))
  return row
}

export async function getSettings(app: FastifyInstance, userId: string): Promise<WebhookSettings> {
  return toSettings(await settingsOf(app.db, userId))
}

/** Saves on/off and the URL, after checking the URL as a delivery would (400 with `fields.url` when refused). */
export async function updateSettings(
  app: FastifyInstance,
  userId: string,
  input: { enabled: boolean; url: string | null },
  t: (key: string) => string,
): Promise<WebhookSettings> {
  if (input.url) {
    try {
      await checkTarget(input.url, app.webhooks.policy)
    } catch (error) {
      if (!(error instanceof TargetRefusedError)) throw error
      throw new AppError(400, 'invalid_input', 'invalidInput', { fields: { url: t(REFUSAL_MESSAGES[error.reason]) } })
    }
  }
  const values = { enabled: input.enabled, url: input.url, updatedAt: app.now() }
  const [row] = await app.db
    .insert(webhookSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: webhookSettings.userId, set: values })
    .returning()
  return toSettings(row)
}

/** A new signing secret in the Standard Webhooks form (`whsec_` + base64 of 32 random bytes), shown this once. */
export async function rotateSecret(app: FastifyInstance, userId: string): Promise<WebhookSecret> {
  const secret = `whsec_${randomBytes(32).toString('base64')}`
  const at = app.now()
  await app.db
    .insert(webhookSettings)
    .values({ userId, secret, secretCreatedAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: webhookSettings.userId, set: { secret, secretCreatedAt: at, updatedAt: at } })
  return { secret, secretCreatedAt: at.toISOString() }
}

async function enqueue(
  db: Database,
  at: Date,
  userId: string,
  url: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
) {
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
  return row!
}

/** Queues a signed `webhook.test` event to the caller's URL (409 `webhook_not_ready` without URL and secret). */
export async function sendTest(app: FastifyInstance, userId: string): Promise<WebhookDelivery> {
  const settings = await settingsOf(app.db, userId)
  if (!settings?.url || !settings.secret) throw new AppError(409, 'webhook_not_ready', 'webhookNotReady')
  const at = app.now()
  const row = await enqueue(app.db, at, userId, settings.url, 'webhook.test', {
    message: 'A test event from Keyway: your endpoint is reachable and the signature checks out.',
  })
  app.webhooks.wake()
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
function dealPayload(app: FastifyInstance, deal: DealRow) {
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
