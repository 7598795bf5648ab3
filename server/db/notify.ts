import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { eq, sql } from 'drizzle-orm'
import { afterCommit, rootDatabase } from './after-commit'
import type { Database } from './client'
import { busPayloads } from './schema'

/**
 * The instances' notification bus over PostgreSQL LISTEN/NOTIFY (issue 27): a write on one instance tells
 * the others (realtime pushes to fan out, caches to forget). One PostgreSQL channel carries every topic.
 *
 * Own messages: each instance delivers what it publishes to its own subscribers at once (after the
 * write's commit), not through the database, and skips its own notification when it comes back (the
 * envelope carries the instance id). A single instance then works the same whether the listening
 * connection is up or not, and nothing is delivered twice; every subscriber still sees each message
 * exactly once on every instance, its own included.
 */

/** The PostgreSQL channel every instance listens on. */
export const BUS_CHANNEL = 'keyway_bus'
/** PostgreSQL refuses a notification payload of 8000 bytes or more; a bigger message goes by reference. */
export const MAX_NOTIFY_BYTES = 7_900

/** Told when the listening connection drops and when it is back (notifications in between are lost). */
export type ListenEvents = { onLost?(error: unknown): void; onRestored?(): void }
/** LISTEN on `channel` until the answered function is called. */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  events?: ListenEvents,
) => Promise<() => Promise<void>>

export type BusHandler = (message: unknown) => void

export type Bus = {
  /** Tells this instance's notifications from the others'. */
  readonly instanceId: string
  /**
   * Delivers `message` (JSON) on `topic` to every instance once `db`'s transaction has committed (at once
   * when `db` is no transaction); never when it rolls back.
   */
  publish(db: Database, topic: string, message: unknown): Promise<void>
  /** Calls `handler` with every message on `topic`, in the order they were sent; answers the unsubscribe. */
  subscribe(topic: string, handler: BusHandler): () => void
  /** Calls `handler` when messages may have been lost (the listening connection dropped and came back). */
  onResync(handler: () => void): () => void
  close(): Promise<void>
}

type Envelope = { i: string; t: string; m?: unknown; r?: string }

/**
 * A bus over `db`'s notifications when `listen` is given (several instances on one database), else one that
 * only reaches this process (one instance; tests that build one app).
 */
export async function createBus(db: Database, log: FastifyBaseLogger, listen?: Listen): Promise<Bus> {
  const instanceId = randomUUID()
  const handlers = new Map<string, Set<BusHandler>>()
  const resyncs = new Set<() => void>()
  let receiving = Promise.resolve()

  function deliver(topic: string, message: unknown) {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(message)
      } catch (error) {
        log.error({ err: error, topic }, 'bus message handling failed')
      }
    }
  }

  async function receive(payload: string) {
    const envelope = JSON.parse(payload) as Envelope
    if (envelope.i === instanceId) return
    let message = envelope.m
    if (envelope.r !== undefined) {
      const [row] = await db.select({ body: busPayloads.body }).from(busPayloads).where(eq(busPayloads.id, envelope.r))
      if (!row) return log.warn({ topic: envelope.t }, 'bus message by reference not found')
      message = row.body
    }
    deliver(envelope.t, message)
  }

  async function send(on: Database, topic: string, message: unknown) {
    let payload = JSON.stringify({ i: instanceId, t: topic, m: message } satisfies Envelope)
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      const [row] = await on.insert(busPayloads).values({ body: message }).returning({ id: busPayloads.id })
      payload = JSON.stringify({ i: instanceId, t: topic, r: row!.id } satisfies Envelope)
    }
    await on.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`)
  }

  const unlisten = listen
    ? await listen(
        BUS_CHANNEL,
        (payload) => {
          // One at a time: a message by reference (a read) must not be overtaken by the next one.
          receiving = receiving
            .then(() => receive(payload))
            .catch((error: unknown) => log.error({ err: error }, 'bus notification handling failed'))
        },
        {
          onLost: (error) => log.warn({ err: error }, 'bus: the listening connection dropped; reconnecting'),
          onRestored: () => {
            log.info('bus: listening again')
            for (const resync of resyncs) resync()
          },
        },
      )
    : undefined

  return {
    instanceId,
    async publish(on, topic, message) {
      const work = async (committed: Database) => {
        deliver(topic, message)
        if (listen) await send(committed, topic, message)
      }
      // A transaction the app tracks: after its commit. A savepoint (untracked): NOTIFY is transactional,
      // so sending inside it still reaches the others only on commit.
      if (rootDatabase(on) === null) {
        if (listen) await send(on, topic, message)
        deliver(topic, message)
        return
      }
      await afterCommit(on, work)
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic) ?? new Set()
      set.add(handler)
      handlers.set(topic, set)
      return () => void set.delete(handler)
    },
    onResync(handler) {
      resyncs.add(handler)
      return () => void resyncs.delete(handler)
    },
    async close() {
      await unlisten?.()
      await receiving
    },
  }
}

const RECONNECT_FIRST_MS = 250
const RECONNECT_MAX_MS = 30_000

/**
 * LISTEN on one dedicated connection (a pooled one would be handed to queries and lose it), reconnecting
 * with exponential backoff (250 ms doubling up to 30 s) when it drops, and saying so through `events`.
 */
export async function listenOnPostgres(
  config: pg.ClientConfig,
  channel: string,
  onPayload: (payload: string) => void,
  events: ListenEvents = {},
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let isStopped = false
  let attempt = 0
  let timer: NodeJS.Timeout | undefined

  async function connect() {
    const next = new pg.Client(config)
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
    })
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next, new Error('connection ended')))
    await next.connect()
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`)
    if (isStopped) return void (await next.end())
    client = next
    attempt = 0
  }

  function lost(which: pg.Client, error: unknown) {
    if (isStopped || client !== which) return
    client = undefined
    which.end().catch(() => undefined)
    events.onLost?.(error)
    retry()
  }

  function retry() {
    if (isStopped) return
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt)
    attempt += 1
    timer = setTimeout(() => {
      connect().then(
        () => events.onRestored?.(),
        (error: unknown) => {
          events.onLost?.(error)
          retry()
        },
      )
    }, delay)
  }

  await connect()
  return async () => {
    isStopped = true
    clearTimeout(timer)
    const current = client
    client = undefined
    await current?.end()
  }
}
