import { testResources } from './i18n'

type Tree = Record<string, unknown>

const leaves = (tree: Tree, prefix = ''): [string, unknown][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  )

const placeholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort() : []

describe('translations', () => {
  const en = testResources.en ?? {}
  const es = testResources.es ?? {}

  it('have the same namespaces in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
  })

  it.each(Object.keys(en))('namespace %s has the same keys and placeholders in both languages', (ns) => {
    const enLeaves = new Map(leaves((en[ns] ?? {}) as Tree))
    const esLeaves = new Map(leaves((es[ns] ?? {}) as Tree))
    // Spanish has a plural form English lacks ("many": a million, "1,000,000 puntos"); it is its own.
    const spanishOnly = [...esLeaves.keys()].filter((key) => key.endsWith('_many') && !enLeaves.has(key))
    for (const key of spanishOnly) {
      const other = key.replace(/_many$/, '_other')
      expect(enLeaves.has(other), `${ns}:${key} has no English ${other}`).toBe(true)
      expect(placeholders(esLeaves.get(key)), `${ns}:${key}`).toEqual(placeholders(enLeaves.get(other)))
      esLeaves.delete(key)
    }
    expect([...esLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort())
    for (const [key, value] of enLeaves) {
      expect(placeholders(esLeaves.get(key)), `${ns}:${key}`).toEqual(placeholders(value))
      if (typeof value === 'string') expect(value.trim(), `${ns}:${key} is empty`).not.toBe('')
    }
  })
})
