import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobs, jobName } from '../../server/jobs/service'
import { createTestApp, createTestDb, type TestApp } from './helpers'
import { jobsIn, makeJobsDue, runJobs } from './jobs-helpers'

// The job system itself (server/jobs): a job commits or rolls back with the write that sends it, and a
// failing job is retried after its delay until it succeeds.

const echo = jobName<{ n: number }>('test-echo')

describe('the job system', () => {
  let t: TestApp
  const seen: number[] = []
  let failuresLeft = 0
  beforeAll(async () => {
    t = await createTestApp({
      register: (app) =>
        app.jobs.define(
          echo,
          async ({ n }) => {
            if (failuresLeft > 0) {
              failuresLeft -= 1
              throw new Error('not yet')
            }
            seen.push(n)
          },
          { retryDelaySeconds: 60 },
        ),
    })
  })
  afterAll(() => t.close())

  it('runs a job sent in a committed transaction and none from a rolled-back one', async () => {
    seen.length = 0
    await t.app.db.transaction(async (tx) => {
      await t.app.jobs.send(tx, echo, { n: 1 })
    })
    await t.app.db
      .transaction(async (tx) => {
        await t.app.jobs.send(tx, echo, { n: 2 })
        throw new Error('the write fails')
      })
      .catch(() => undefined)
    expect(await runJobs(t.app)).toBe(1)
    expect(seen).toEqual([1])
    expect((await jobsIn(t.app, echo.name)).map((job) => job.data)).toEqual([{ n: 1 }])
  })

  it('retries a failing job after its delay, then completes it', async () => {
    seen.length = 0
    failuresLeft = 1
    await t.app.jobs.send(t.app.db, echo, { n: 3 })
    await runJobs(t.app)
    expect(seen).toEqual([])
    // The retry waits for its delay: nothing is due until it passes.
    expect(await runJobs(t.app)).toBe(0)
    await makeJobsDue(t.app)
    await runJobs(t.app)
    expect(seen).toEqual([3])
    expect((await jobsIn(t.app, echo.name))[0]?.state).toBe('completed')
  })
})

describe('instances starting together over one database', () => {
  it('each gets every queue, made once (concurrent create_queue deadlocked on PostgreSQL)', async () => {
    const connection = await createTestDb()
    const queues = ['test-a', 'test-b', 'test-c', 'test-d'].map((name) => jobName<{ n: number }>(name))
    const apps = await Promise.all(
      Array.from({ length: 4 }, () =>
        createTestApp({
          connection,
          register: (app) => queues.forEach((queue) => app.jobs.define(queue, async () => undefined)),
        }),
      ),
    )
    try {
      for (const t of apps) expect(await t.app.jobs.send(t.app.db, queues[3]!, { n: 1 })).toEqual(expect.any(String))
      expect(await apps[0]!.app.jobs.runDue()).toBe(4)
    } finally {
      await Promise.all(apps.map((t) => t.close()))
      await connection.close()
    }
  })
})

describe('a server closed as soon as it listens', () => {
  it('stops the job system before the database closes (its start is not awaited by listen)', async () => {
    const t = await createTestApp()
    let stopped = false
    t.app.jobs.boss.on('stopped', () => (stopped = true))
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    await t.close()
    expect(stopped).toBe(true)
  })
})

describe('a listening instance', () => {
  it('runs a job sent now once its transaction commits, without waiting for the next poll', async () => {
    const t = await createTestApp()
    // A poll far beyond the test's time limit: only the wake-up after the commit can run the job in time.
    const jobs = createJobs({ db: t.app.db, log: t.app.log, pollingIntervalSeconds: 600 })
    const woken = jobName<{ n: number }>('test-woken')
    let ran: (n: number) => void = () => undefined
    const handled = new Promise<number>((resolve) => (ran = resolve))
    jobs.define(woken, async ({ n }) => ran(n))
    try {
      await jobs.start()
      await t.app.db.transaction(async (tx) => {
        await jobs.send(tx, woken, { n: 7 })
      })
      expect(await handled).toBe(7)
    } finally {
      await jobs.stop()
      await t.close()
    }
  })
})
