import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { WebhookSecret, WebhookSettings } from '../../../src/contract'
import type { Database } from '../../db/client'
import { webhookSettings } from '../../db/schema'
import { AppError } from '../../http/errors'
import { checkTarget, TargetRefusedError } from './address'

/** A seller's webhook settings: on/off, the URL (checked as a delivery would be) and the signing secret. */

/** The field message for a refused URL. */
const REFUSAL_MESSAGES = {
  invalid: 'validation:webhookUrlInvalid',
  scheme: 'validation:webhookUrlHttps',
  address: 'validation:webhookUrlPrivate',
  unresolvable: 'validation:webhookUrlUnresolvable',
} as const

type SettingsRow = typeof webhookSettings.$inferSelect

function toSettings(row: SettingsRow | undefined): WebhookSettings {
  return {
    enabled: row?.enabled ?? false,
    url: row?.url ?? null,
    hasSecret: Boolean(row?.secret),
    secretCreatedAt: row?.secretCreatedAt?.toISOString() ?? null,
  }
}

/** The seller's settings row, if they ever saved any. */
export async function settingsOf(db: Database, userId: string) {
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
