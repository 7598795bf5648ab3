import PgBoss from 'pg-boss'
import type { FastifyBaseLogger } from 'fastify'
import { sql } from 'drizzle-orm'
import { afterCommit, rootDatabase } from '../db/after-commit'
import type { Database } from '../db/client'
import { rowsOf } from '../db/rows'
import { ensureJobSchema, JOB_SCHEMA } from './schema'
import { jobDbOf } from './sql'

/**
 * The one job system (pg-boss): every background task is a named queue with a handler. A job is sent with
 * the database or transaction of the write that causes it, so a rolled-back write leaves no job; workers
 * poll once the server listens; a cron schedule fires once across all instances. Tests run what is due
 * with `runDue()` instead of waiting for workers.
 */

/** A queue's name with the type of its jobs' data, so senders and the handler agree. */
export type JobName<Data extends object> = { readonly name: string; readonly _data?: Data }
export const jobName = <Data extends object>(name: string): JobName<Data> => ({ name })

export type JobContext = { id: string; retryCount: number }
export type JobHandler<Data> = (data: Data, job: JobContext) => Promise<void>

export type JobOptions = {
  /** Retries after a thrown error, with an exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number
  retryDelaySeconds?: number
  retryBackoff?: boolean
  /** `short` merges a send into a queued job with the same singleton key; `stately` also one active. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately'
  /** Cron (UTC) on which the job is sent with `{}`, once across instances. */
  cron?: string
  expireInSeconds?: number
  /** How many jobs a worker fetches at once. */
  batchSize?: number
}

export type SendOptions = { startAfter?: Date; singletonKey?: string; retryLimit?: number }

type Definition = { name: string; handler: JobHandler<never>; options: JobOptions }

export type Jobs = {
  define<Data extends object>(job: JobName<Data>, handler: JobHandler<Data>, options?: JobOptions): void
  /** Records a job in `db`'s transaction (or at once outside one); null when a singleton merged it. */
  send<Data extends object>(db: Database, job: JobName<Data>, data: Data, options?: SendOptions): Promise<string | null>
  /** Creates pg-boss's schema when missing and every defined queue (before any send). */
  prepare(): Promise<void>
  /** Starts workers and schedules (the server calls it on listen). */
  start(): Promise<void>
  stop(): Promise<void>
  /**
   * Runs every job that is due now, queue by queue, until none is left (tests, scripts): a throwing handler
   * fails its job, which pg-boss retries after its delay. Answers how many jobs ran.
   */
  runDue(options?: { only?: readonly JobName<object>[] }): Promise<number>
  readonly boss: PgBoss
}

/**
 * How often an idle worker looks for due jobs. A job sent on this instance wakes its worker once the send has
 * committed, so the poll only finds delayed jobs, retries and jobs other instances sent (each queue's poll
 * costs a query: at 1 s, ten queues kept an idle server at about 3 % of a core).
 */
const POLLING_INTERVAL_SECONDS = 5

export function createJobs({
  db,
  log,
  pollingIntervalSeconds = POLLING_INTERVAL_SECONDS,
}: {
  db: Database
  log: FastifyBaseLogger
  pollingIntervalSeconds?: number
}): Jobs {
  const definitions = new Map<string, Definition>()
  const boss = new PgBoss({ db: jobDbOf(db), schema: JOB_SCHEMA, pollingIntervalSeconds })
  /** Queue name → this instance's worker, once started. */
  const workers = new Map<string, string>()
  boss.on('error', (error) => log.error({ err: error }, 'job system error'))
  let prepared: Promise<void> | undefined
  let starting: Promise<void> | undefined

  /** Runs one job and records its outcome itself, so one failure in a fetched batch fails only that job. */
  async function settle(definition: Definition, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    try {
      await definition.handler(job.data as never, { id: job.id, retryCount: job.retryCount })
      await boss.complete(definition.name, job.id)
    } catch (error) {
      log.warn({ err: error, job: definition.name, jobId: job.id, retryCount: job.retryCount }, 'job failed')
      await boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) })
    }
  }

  /** The queues made, once per instance (start and runDue both need them). */
  const prepare = () => (prepared ??= prepareOnce())

  async function startOnce() {
    await prepare()
    await boss.start()
    for (const definition of definitions.values()) {
      const batchSize = definition.options.batchSize ?? 5
      const workerId = await boss.work<object>(definition.name, { batchSize, includeMetadata: true }, async (batch) => {
        // Each job is completed or failed by settle(); what pg-boss then completes is already settled.
        for (const job of batch) await settle(definition, job)
      })
      workers.set(definition.name, workerId)
      if (definition.options.cron) await boss.schedule(definition.name, definition.options.cron, {})
    }
  }

  async function prepareOnce() {
    // Normally made by migrating; a database migrated by an older build gets it here.
    await ensureJobSchema(db)
    // Instances starting together would each create the missing queues, and concurrent create_queue calls
    // (each makes a partition table) deadlock on PostgreSQL: one transaction at a time holds this lock.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pgboss.create_queue'))`)
      const existing = new Set(
        (await rowsOf<{ name: string }>(tx, sql`select name from pgboss.queue`)).map((row) => row.name),
      )
      for (const definition of definitions.values()) {
        if (existing.has(definition.name)) continue
        const {
          retryLimit = 3,
          retryDelaySeconds = 30,
          retryBackoff = true,
          policy,
          expireInSeconds,
        } = definition.options
        const options = {
          policy: policy ?? 'standard',
          retryLimit,
          retryDelay: retryDelaySeconds,
          retryBackoff,
          ...(expireInSeconds && { expireInSeconds }),
        }
        await tx.execute(sql`select pgboss.create_queue(${definition.name}, ${JSON.stringify(options)}::json)`)
      }
    })
  }

  return {
    boss,
    define(job, handler, options = {}) {
      if (definitions.has(job.name)) throw new Error(`job ${job.name} is defined twice`)
      if (prepared) throw new Error(`job ${job.name} is defined after the job system was prepared`)
      definitions.set(job.name, { name: job.name, handler: handler as JobHandler<never>, options })
    },
    async send(database, job, data, options = {}) {
      if (!definitions.has(job.name)) throw new Error(`job ${job.name} is not defined`)
      const id = await boss.send(job.name, data, {
        db: jobDbOf(database),
        ...(options.startAfter && { startAfter: options.startAfter }),
        ...(options.singletonKey && { singletonKey: options.singletonKey }),
        ...(options.retryLimit !== undefined && { retryLimit: options.retryLimit }),
      })
      // Due now: wake this instance's worker once the job is committed (a savepoint's commit goes unseen;
      // the poll finds that job).
      if (id !== null && !options.startAfter && rootDatabase(database) !== null) {
        await afterCommit(database, async () => {
          const workerId = workers.get(job.name)
          if (workerId) boss.notifyWorker(workerId)
        })
      }
      return id
    },
    prepare,
    start() {
      starting ??= startOnce()
      return starting
    },
    async stop() {
      if (!starting) return
      // Fastify does not await onListen hooks: a close soon after listening lands while start() still runs,
      // and pg-boss ignores a stop before its own start has finished. Wait for it, then stop.
      await starting.catch(() => undefined)
      starting = undefined
      workers.clear()
      await boss.stop({ graceful: true, timeout: 5_000, close: false })
    },
    async runDue({ only } = {}) {
      await prepare()
      const names = only ? only.map((job) => job.name) : [...definitions.keys()]
      let ran = 0
      for (;;) {
        let ranThisPass = 0
        for (const name of names) {
          const definition = definitions.get(name)!
          const jobs = await boss.fetch<object>(name, { batchSize: 20, includeMetadata: true })
          for (const job of jobs) await settle(definition, job)
          ranThisPass += jobs.length
        }
        ran += ranThisPass
        if (ranThisPass === 0) return ran
      }
    },
  }
}
