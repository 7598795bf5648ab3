import fc from 'fast-check'
import type { z } from 'zod'
import { badDate, badId, hostileNumber, hostileString, NUL, PROTOTYPE_KEYS, wrongValue } from './hostile-values'

/*
 * fast-check arbitraries derived from the contract's zod (v4) schemas, read through `_zod.def`: `validOf`
 * gives plausible inputs of a schema (its types, enums, lengths, bounds and patterns; custom refinements
 * are not honoured, so a value may still be refused), `hostileOf` mutates them: wrong types, missing and
 * extra fields (prototype keys among them), huge strings, NUL and lone surrogates, negative, non-finite
 * and huge numbers, bad dates, ids and cursors. No library does this for zod v4 (zod-fast-check stops at
 * zod 3 and fast-check 3), hence this module.
 */

type Def = { type: string; checks?: { _zod: { def: CheckDef } }[] } & Record<string, unknown>
type CheckDef = {
  check: string
  format?: string
  pattern?: RegExp
  value?: number
  inclusive?: boolean
  minimum?: number
  maximum?: number
  length?: number
}

const defOf = (schema: unknown): Def | undefined => (schema as z.ZodType | undefined)?._zod?.def as Def | undefined

/** The schema under optional, nullable, default, pipes (the input side) and lazy wrappers. */
export function unwrap(schema: unknown): z.ZodType | undefined {
  let current = schema as z.ZodType | undefined
  for (let depth = 0; current && depth < 12; depth += 1) {
    const def = defOf(current)
    if (!def) return undefined
    if (def.type === 'pipe') {
      const input = def.in as z.ZodType
      current = (defOf(input)?.type === 'transform' ? def.out : input) as z.ZodType
    } else if (def.type === 'lazy') current = (def.getter as () => z.ZodType)()
    else if ('innerType' in def) current = def.innerType as z.ZodType
    else return current
  }
  return current
}

/** The keys of an object schema (through wrappers), or none. */
export function objectShape(schema: unknown): Record<string, z.ZodType> {
  const def = defOf(unwrap(schema))
  return def?.type === 'object' ? (def.shape as Record<string, z.ZodType>) : {}
}

const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def)

function stringOf(def: Def): fc.Arbitrary<string> {
  const checks = checksOf(def)
  const format = (def.format as string | undefined) ?? checks.find((c) => c.check === 'string_format')?.format
  if (format === 'uuid' || format === 'guid') return fc.uuid({ version: 4 })
  if (format === 'email') return fc.stringMatching(/^[a-z]{1,10}@[a-z]{1,10}\.test$/)
  if (format === 'url') return fc.webUrl()
  if (format === 'datetime') return saneDate.map((date) => date.toISOString())
  if (format === 'date') return saneDate.map((date) => date.toISOString().slice(0, 10))
  const pattern = (def.pattern as RegExp | undefined) ?? checks.find((c) => c.pattern)?.pattern
  if (pattern) {
    try {
      return fc.stringMatching(pattern).filter((text) => text.length <= 200)
    } catch {
      // A pattern fast-check cannot invert: plain text below.
    }
  }
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 1
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 40
  return fc.string({ minLength: Math.min(min, 40), maxLength: Math.max(Math.min(max, 40), Math.min(min, 40)) })
}

const saneDate = fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })

function numberOf(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def)
  const isInt =
    /int/.test((def.format as string | undefined) ?? '') ||
    checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? ''))
  const low = checks.find((c) => c.check === 'greater_than')
  const high = checks.find((c) => c.check === 'less_than')
  const min = low?.value ?? (isInt ? -1000 : -1e6)
  const max = high?.value ?? (isInt ? 1_000_000 : 1e7)
  if (isInt) {
    const from = Math.ceil(min + (low && !low.inclusive ? 1 : 0))
    return fc.integer({ min: from, max: Math.max(from, Math.floor(max - (high && !high.inclusive ? 1 : 0))) })
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: !low?.inclusive && !!low })
}

/** Plausible inputs of `schema`: what a well-behaved client might send. */
export function validOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  if (!def || depth > 8) return fc.constant(undefined)
  switch (def.type) {
    case 'string':
      return stringOf(def)
    case 'number':
      return numberOf(def)
    case 'boolean':
      return fc.boolean()
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>))
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]))
    case 'null':
      return fc.constant(null)
    case 'optional':
    case 'default':
      return fc.option(validOf(def.innerType, depth + 1), { nil: undefined, freq: 3 })
    case 'nullable':
      return fc.option(validOf(def.innerType, depth + 1), { nil: null, freq: 3 })
    case 'pipe':
    case 'lazy':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validOf(unwrapOnce(def), depth + 1)
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => validOf(option, depth + 1)))
    case 'array': {
      const checks = checksOf(def)
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 4
      return fc.array(validOf(def.element, depth + 1), { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) })
    }
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validOf(def.valueType, depth + 1), { maxKeys: 3 })
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>
      const model = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, hinted(key, value) ?? validOf(value, depth + 1)]),
      )
      return fc.record(model).map(dropUndefined)
    }
    default:
      return fc.anything({ maxDepth: 1 })
  }
}

/**
 * Fields whose rule is a refinement the schema's def cannot show (a US state, a link, a phone number):
 * values by the field's name, so a derived body gets past them and reaches the handler.
 */
const FIELD_HINTS: [RegExp, fc.Arbitrary<unknown>][] = [
  [/^state$/, fc.constantFrom('AZ', 'TX', 'FL')],
  [/^states$/, fc.subarray(['AZ', 'TX', 'FL'], { minLength: 1 })],
  [/(url|link|endpoint)$/i, fc.constantFrom('https://example.test/a', 'https://cal.test/pat')],
  [/phone(number)?$/i, fc.constantFrom('6025550100', '4805550199')],
  [/email$/i, fc.constantFrom('pat@demo.test', 'ana@demo.test')],
]

function hinted(key: string, schema: z.ZodType): fc.Arbitrary<unknown> | undefined {
  const def = defOf(unwrap(schema))
  if (def?.type !== 'string' && def?.type !== 'array') return undefined
  const hint = FIELD_HINTS.find(([pattern]) => pattern.test(key))?.[1]
  if (!hint) return undefined
  const optional = schema._zod.optin === 'optional'
  return optional ? fc.option(hint, { nil: undefined, freq: 3 }) : hint
}

function unwrapOnce(def: Def): unknown {
  if (def.type === 'pipe') return defOf(def.in)?.type === 'transform' ? def.out : def.in
  if (def.type === 'lazy') return (def.getter as () => unknown)()
  return def.innerType
}

function dropUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined))
}

/** Sets `key` as an own, enumerable property, `__proto__` included (so JSON.stringify sends it). */
export function withKey(value: Record<string, unknown>, key: string, field: unknown): Record<string, unknown> {
  const copy = { ...value }
  Object.defineProperty(copy, key, { value: field, enumerable: true, writable: true, configurable: true })
  return copy
}

/** A hostile value for a field of this schema: a wrong kind, or the right kind out of bounds. */
function hostileLeaf(def: Def | undefined): fc.Arbitrary<unknown> {
  switch (def?.type) {
    case 'string': {
      const format = (def.format as string | undefined) ?? ''
      if (/uuid|guid/.test(format)) return fc.oneof(badId, hostileString)
      if (/date/.test(format)) return fc.oneof(badDate, hostileString)
      return fc.oneof(hostileString, hostileString, wrongValue)
    }
    case 'number':
      return fc.oneof(hostileNumber, hostileNumber, wrongValue)
    case 'enum':
    case 'literal':
      return fc.oneof(hostileString, wrongValue)
    default:
      return wrongValue
  }
}

/** Inputs of `schema` made hostile at one or more places, the rest left plausible. */
export function hostileOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const inner = unwrap(schema)
  const def = defOf(inner)
  if (!def || depth > 6) return wrongValue
  if (def.type === 'object') {
    const shape = def.shape as Record<string, z.ZodType>
    const keys = Object.keys(shape)
    const base = validOf(inner) as fc.Arbitrary<Record<string, unknown>>
    if (keys.length === 0) return fc.oneof(wrongValue, extraField(base))
    return fc.oneof(
      { weight: 5, arbitrary: mutatedField(base, shape, depth) },
      { weight: 2, arbitrary: base.chain((value) => fc.constantFrom(...keys).map((key) => omit(value, key))) },
      { weight: 2, arbitrary: extraField(base) },
      { weight: 1, arbitrary: wrongValue },
    )
  }
  if (def.type === 'array') {
    return fc.oneof(
      fc.array(hostileOf(def.element, depth + 1), { minLength: 1, maxLength: 3 }),
      fc.constant(Array.from({ length: 5000 }, () => 'x')),
      wrongValue,
    )
  }
  if (def.type === 'union') return fc.oneof(...(def.options as unknown[]).map((o) => hostileOf(o, depth + 1)))
  return hostileLeaf(def)
}

function mutatedField(
  base: fc.Arbitrary<Record<string, unknown>>,
  shape: Record<string, z.ZodType>,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape)
  const mutate = (value: Record<string, unknown>) =>
    fc
      .constantFrom(...keys)
      .chain((key) => fieldValue(key, shape[key], depth).map((field) => withKey(value, key, field)))
  const oneField = base.chain(mutate)
  // Now and then two fields at once.
  return fc.oneof({ weight: 4, arbitrary: oneField }, { weight: 1, arbitrary: oneField.chain(mutate) })
}

/** A hostile value for the field `key`: ids and page cursors (by name) also get ids and cursors no server made. */
function fieldValue(key: string, schema: z.ZodType | undefined, depth: number): fc.Arbitrary<unknown> {
  const hostile = hostileOf(schema, depth + 1)
  return /(cursor|before|after|token|Id|^id)s?$/.test(key) ? fc.oneof(badId, hostile) : hostile
}

function extraField(base: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.constantFrom('isAdmin', 'roles', 'userId', 'sellerId', 'status', 'id', 'createdAt', `${NUL}key`, '\ud800'),
    fc.string({ maxLength: 12 }),
  )
  const value = fc.oneof(fc.constant({ isAdmin: true, polluted: true }), wrongValue)
  return fc.tuple(base, key, value).map(([object, name, field]) => withKey(object, name, field))
}

function omit(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _left, ...rest } = value
  return rest
}
