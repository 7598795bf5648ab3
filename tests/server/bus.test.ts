import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { busPayloadsCleanup } from '../../server/db/bus-plugin'
import type { ListenEvents } from '../../server/db/notify'
import { busPayloads } from '../../server/db/schema'
import { call, callerWith } from './accounts-helpers'
import { createTestApp } from './helpers'
import { testAppForFile } from './identity-helpers'
import { jobsIn, runJobs } from './jobs-helpers'

describe('the instances’ bus', () => {
  const t = testAppForFile()

  it('delivers a message published in a transaction once it commits, and never one rolled back', async () => {
    const heard: unknown[] = []
    const stop = t.app.bus.subscribe('test-topic', (message) => heard.push(message))
    await t.db
      .transaction(async (tx) => {
        await t.app.bus.publish(tx, 'test-topic', 'rolled back')
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await t.db.transaction(async (tx) => {
      await t.app.bus.publish(tx, 'test-topic', 'committed')
      expect(heard).toEqual([])
    })
    stop()
    expect(heard).toEqual(['committed'])
  })

  it('deletes messages stored by reference once they are an hour old, when its scheduled job runs', async () => {
    const old = new Date(t.app.now().getTime() - 61 * 60_000)
    const [stale] = await t.db
      .insert(busPayloads)
      .values({ body: { old: true }, createdAt: old })
      .returning()
    const [fresh] = await t.db
      .insert(busPayloads)
      .values({ body: { old: false } })
      .returning()
    // What the cron schedule does on a listening server: send the job (a test runs it; nothing waits).
    await t.app.jobs.send(t.db, busPayloadsCleanup, {})
    expect(await runJobs(t.app)).toBeGreaterThanOrEqual(1)
    expect(await jobsIn(t.app, busPayloadsCleanup.name)).toMatchObject([{ state: 'completed' }])
    expect(await t.db.select().from(busPayloads).where(eq(busPayloads.id, stale!.id))).toEqual([])
    expect(await t.db.select().from(busPayloads).where(eq(busPayloads.id, fresh!.id))).toHaveLength(1)
  })

  it('forgets every remembered read when its listening connection comes back (notifications may have been lost)', async () => {
    let events: ListenEvents = {}
    const other = await createTestApp({
      notifications: {
        listen: async (_channel, _onPayload, told = {}) => {
          events = told
          return async () => undefined
        },
      },
    })
    try {
      const user = await callerWith(other, ['buyer'])
      const roles = async () => (await call(other.app, 'GET', '/api/auth/me', { as: user })).json<{ roles: string[] }>()
      expect((await roles()).roles).toEqual(['buyer'])
      // Written by another instance whose announcement this one never heard (the generation is not bumped).
      await other.db.execute(sql`update users set roles = '{buyer,originator}' where id = ${user.id}`)

      events.onLost?.(new Error('connection ended'))
      events.onRestored?.()
      expect((await roles()).roles.sort()).toEqual(['buyer', 'originator'])
    } finally {
      await other.close()
    }
  })
})
