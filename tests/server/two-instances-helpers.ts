import { afterAll, beforeAll, inject } from 'vitest'
import { createTestApp, type TestApp } from './helpers'
import { openTestDatabasePair } from './test-db'

export type TwoInstances = { a: TestApp; b: TestApp }

/**
 * Two server instances on ONE database, each with its own connection (so its own per-Database caches and its
 * own LISTEN), hearing each other through the database's notifications: opened in beforeAll, closed in
 * afterAll. Read the fields in tests and later hooks only.
 */
export function twoInstancesForFile(): TwoInstances {
  let opened: (TwoInstances & { close(): Promise<void> }) | undefined
  beforeAll(async () => {
    const pair = await openTestDatabasePair(inject('testDbTemplate'))
    const a = await createTestApp({ connection: pair.first, notifications: pair.first })
    const b = await createTestApp({ connection: pair.second, notifications: pair.second })
    opened = {
      a,
      b,
      close: async () => {
        await a.close()
        await b.close()
        await pair.close()
      },
    }
  })
  afterAll(() => opened?.close())
  const current = () => {
    if (!opened) throw new Error('The two instances open in beforeAll')
    return opened
  }
  return {
    get a() {
      return current().a
    },
    get b() {
      return current().b
    },
  }
}
