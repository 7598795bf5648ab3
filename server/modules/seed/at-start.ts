import type { FastifyInstance } from 'fastify'
import { ADVISORY_LOCKS, withAdvisoryLock } from '../../db/advisory-lock'
import { seedHelp } from '../help/seed'
import { seedRoadmap } from '../roadmap/seed'
import { seedTraining } from '../training/seed'
import { seedDemo, type SeedResult } from './service'

/**
 * What every start seeds: the product's roadmap (/features), the buyer training's lessons (server/content/
 * training; a broken file stops the start, naming it) and the help centre's articles and Q&As (server/content/
 * help) on every database, admins' edits kept; with `demo`, the demo data set. Under an advisory lock, so
 * instances starting together on one database seed one after the other: the first writes, the others find it
 * all there (every seed only adds what is missing) and still answer the demo accounts for the start-up table.
 */
export async function seedAtStart(app: FastifyInstance, { demo }: { demo: boolean }): Promise<SeedResult | undefined> {
  return withAdvisoryLock(app.db, ADVISORY_LOCKS.seed, async () => {
    await seedRoadmap(app.db)
    await seedTraining(app.db)
    await seedHelp(app.db)
    return demo ? seedDemo(app) : undefined
  })
}
