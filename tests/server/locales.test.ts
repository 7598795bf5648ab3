import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GENERIC_VALIDATION_KEYS } from '../../server/http/zod-issues'
import { VALUE_LISTS } from '../../src/contract'

const read = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lng}/${ns}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe.each(['errors', 'validation'])('locales/*/%s.json', (ns) => {
  const en = read('en', ns)
  const es = read('es', ns)

  it('has the same keys in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
  })

  it('keeps the same placeholders in both languages', () => {
    for (const key of Object.keys(en)) expect([key, placeholders(es[key] ?? '')]).toEqual([key, placeholders(en[key]!)])
  })
})

describe('server message keys', () => {
  it('has a message for every generic validation key the server can pick', () => {
    const en = read('en', 'validation')
    expect(GENERIC_VALIDATION_KEYS.filter((key) => !(key in en))).toEqual([])
  })

  it('has the error messages the API answers with', () => {
    const en = read('en', 'errors')
    const used = ['notFound', 'internal', 'invalidInput', 'malformedJson', 'emptyBody', 'payloadTooLarge']
    used.push('unsupportedMediaType', 'rateLimited', 'authRequired', 'forbidden', 'dbUnavailable', 'badRequest')
    expect(used.filter((key) => !(key in en))).toEqual([])
    expect(en.authRequired).toBe('Authentication required')
  })
})

describe('labels of the lists of values', () => {
  it.each(['en', 'es'])('has a %s label for every value a choice error can name', (lng) => {
    const values = JSON.parse(
      readFileSync(new URL(`../../locales/${lng}/values.json`, import.meta.url), 'utf8'),
    ) as Record<string, Record<string, string>>
    const missing = Object.entries(VALUE_LISTS).flatMap(([list, items]) =>
      items.filter((value) => !values[list]?.[value]).map((value) => `${list}.${value}`),
    )
    expect(missing).toEqual([])
  })
})
