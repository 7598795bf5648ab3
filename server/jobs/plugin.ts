import type { FastifyInstance } from 'fastify'
import { createJobs, type Jobs } from './service'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    jobs: Jobs
  }
}

/**
 * Decorates the root app with `app.jobs`. Modules define their jobs while they register; once every module
 * has, the queues are created (onReady), so sends work in tests that never listen. Workers and schedules run
 * only on a listening server, and stop before the database closes.
 */
export function registerJobs(app: FastifyInstance) {
  app.decorate('jobs', createJobs({ db: app.db, log: app.log.child({ module: 'jobs' }) }))
  app.addHook('onReady', () => app.jobs.prepare())
  app.addHook('onListen', () => app.jobs.start())
  app.addHook('onClose', () => app.jobs.stop())
}
