import type { FastifyInstance } from 'fastify'
import { lt } from 'drizzle-orm'
import { jobName } from '../jobs/service'
import { scopeWriteGenerations, writeGenerations } from '../lib/read-cache'
import { rootDatabase } from './after-commit'
import type { Database, DbConnection } from './client'
import { createBus, type Bus } from './notify'
import { busPayloads } from './schema'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** The instances' notification bus (server/db/notify.ts): `app.bus.publish(tx, topic, message)`. */
    bus: Bus
  }
}

/** Where the bus hears the other instances: the database connection's LISTEN (main.ts passes it). */
export type NotificationSource = Pick<DbConnection, 'listen'>

/** The topic on which an instance announces a write generation's name after the write's commit. */
const CACHE_TOPIC = 'cache'
/** Rows by reference are read within milliseconds of their notification; an hour leaves room for any lag. */
const PAYLOAD_KEEP_MS = 60 * 60 * 1000

export const busPayloadsCleanup = jobName<Record<string, never>>('bus-payloads-cleanup')

/** Root database → its instance's bus: where a write generation's bump is announced. */
const busOf = new WeakMap<Database, Bus>()

/** The bus of the app `db` (or the transaction's database) belongs to, for code that is handed a db only. */
export function busFor(db: Database): Bus | undefined {
  const root = rootDatabase(db)
  return root ? busOf.get(root) : undefined
}

scopeWriteGenerations({
  root: (db) => rootDatabase(db as Database),
  async written(name, db) {
    const bus = busFor(db as Database)
    // Best effort: caches still forget within their time to live if the announcement is lost.
    await bus?.publish(db as Database, CACHE_TOPIC, name).catch(() => undefined)
  },
})

/**
 * Decorates `app.bus`: over the database's notifications when `notifications` is given (several instances),
 * else within this process. Wires the read caches to it: a write generation bumped on one instance is bumped
 * on every other when its write has committed, and every generation when messages may have been lost.
 * Defines the hourly job deleting old messages stored by reference.
 */
export async function registerBus(app: FastifyInstance, notifications?: NotificationSource) {
  const bus = await createBus(app.db, app.log.child({ module: 'bus' }), notifications?.listen)
  app.decorate('bus', bus)
  busOf.set(app.db, bus)
  // Local deliveries too: this instance bumped before and after its write, and bumps again once the write
  // has committed, so a read made between the write and its commit is not kept either. A bump only costs a
  // cache miss, so applying a message twice is harmless.
  bus.subscribe(CACHE_TOPIC, (name) => {
    if (typeof name === 'string') writeGenerations.get(name)?.bump(app.db)
  })
  bus.onResync(() => {
    for (const generation of writeGenerations.values()) generation.bump(app.db)
  })
  app.jobs.define(
    busPayloadsCleanup,
    async () => {
      await app.db.delete(busPayloads).where(lt(busPayloads.createdAt, new Date(app.now().getTime() - PAYLOAD_KEEP_MS)))
    },
    { cron: '17 * * * *', retryLimit: 2, retryDelaySeconds: 60, policy: 'singleton' },
  )
  app.addHook('onClose', async () => {
    busOf.delete(app.db)
    await bus.close()
  })
}
