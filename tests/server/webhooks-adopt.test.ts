import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../../src/contract'
import type { DbConnection } from '../../server/db/client'
import { webhookDeliveries } from '../../server/db/schema'
import { callerWith } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, createTestDb, type TestApp } from './helpers'
import { runJobs } from './jobs-helpers'
import { startReceiver, type Receiver } from './webhooks-helpers'

// The receiver listens on 127.0.0.1: the escape hatch, as in webhooks-delivery.test.ts.
const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }

let connection: DbConnection
let t: TestApp
let hook: Receiver

beforeAll(async () => {
  connection = await createTestDb()
  t = await createTestApp({ env, connection })
  hook = await startReceiver()
})
afterAll(async () => {
  await hook.close()
  await t.close()
  await connection.close()
})

describe('deliveries an older build logged', () => {
  it('gives a pending delivery without a job its job when the server starts, and sends it', async () => {
    const seller = await callerWith(t, ['originator'])
    await client(t.app, seller).ok(endpoints.rotateWebhookSecret)
    await client(t.app, seller).ok(endpoints.updateWebhookSettings, { body: { enabled: true, url: hook.url() } })
    // What the polling build left: a pending row and no job.
    const at = new Date()
    const [row] = await t.db
      .insert(webhookDeliveries)
      .values({
        eventId: 'msg_from_the_polling_build',
        userId: seller.id,
        type: 'webhook.test',
        payload: { type: 'webhook.test', timestamp: at.toISOString(), data: {} },
        url: hook.url(),
        nextAttemptAt: at,
        createdAt: at,
      })
      .returning()
    await runJobs(t.app)
    expect(hook.received).toEqual([])

    const restarted = await createTestApp({ env, connection })
    try {
      await runJobs(restarted.app)
      // Started again, it finds the delivery has its job: nothing is sent twice.
      const again = await createTestApp({ env, connection })
      await runJobs(again.app).finally(() => again.close())
    } finally {
      await restarted.close()
    }
    expect(hook.received.map((request) => request.headers['webhook-id'])).toEqual(['msg_from_the_polling_build'])
    const [after] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id))
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 })
  })
})
