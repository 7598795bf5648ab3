import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, type Language } from '../../src/contract'
import { seedHelp } from '../../server/modules/help/seed'
import { client } from './contract-client'
import { createTestApp, type TestApp } from './helpers'

type Expectation = { lang: Language; q: string; expect: string }

/** Realistic queries written with the content (server/content/help/search-queries.json), ten per language. */
const QUERIES: Expectation[] = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../server/content/help/search-queries.json', import.meta.url)), 'utf8'),
)

describe('help search over the real content', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
    await seedHelp(t.db)
  })
  afterAll(() => t.close())

  it('has ten queries per language', () => {
    expect(QUERIES.filter((entry) => entry.lang === 'en').length).toBeGreaterThanOrEqual(10)
    expect(QUERIES.filter((entry) => entry.lang === 'es').length).toBeGreaterThanOrEqual(10)
  })

  it.each(QUERIES.map((entry) => [entry.lang, entry.q, entry.expect] as const))(
    'ranks first for [%s] "%s": %s',
    async (lang, q, expected) => {
      const { hits } = await client(t.app).ok(endpoints.helpSearch, { query: { q, lang } })
      expect(hits[0]?.id).toBe(expected)
    },
  )
})
