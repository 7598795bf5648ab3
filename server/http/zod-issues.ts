import type { z } from 'zod'

type Issue = z.core.$ZodIssue

/** A translation key (`validation:<key>`) and the values its message interpolates. */
export type MessageRef = { key: string; params: Record<string, string | number> }

const VALIDATION_PREFIX = 'validation:'
// zod's own English messages contain spaces and colons; only bare identifiers can be keys.
const KEY_LIKE = /^[A-Za-z][\w.]*$/

/**
 * Chooses the `validation` message for one zod issue. A schema may name its own message by key
 * (`{ error: 'validation:descriptionMin' }` or plain `'descriptionMin'`): when that key exists it
 * wins; otherwise the issue kind picks a generic key. The SPA's forms use the same keys, so keep
 * this pure (zod types only) and free of server concerns.
 */
export function issueMessageRef(issue: Issue, isValidationKey: (key: string) => boolean): MessageRef {
  const params = issueParams(issue)
  const own = issue.message.startsWith(VALIDATION_PREFIX)
    ? issue.message.slice(VALIDATION_PREFIX.length)
    : issue.message
  if (KEY_LIKE.test(own) && isValidationKey(own)) return { key: VALIDATION_PREFIX + own, params }
  return { key: VALIDATION_PREFIX + genericKey(issue), params }
}

/** Every key the generic mapping can produce; each must exist in locales/<lng>/validation.json. */
export const GENERIC_VALIDATION_KEYS = [
  'invalid',
  'required',
  'invalidType',
  'expectedNumber',
  'expectedInteger',
  'expectedBoolean',
  'expectedString',
  'expectedArray',
  'expectedObject',
  'tooSmallString',
  'tooBigString',
  'tooSmallNumber',
  'tooSmallNumberExclusive',
  'tooBigNumber',
  'tooBigNumberExclusive',
  'tooSmallArray',
  'tooBigArray',
  'tooSmallDate',
  'tooBigDate',
  'fileTooLarge',
  'notMultipleOf',
  'invalidEmail',
  'invalidUrl',
  'invalidDate',
  'invalidEnum',
  'invalidFormat',
  'unrecognizedKeys',
] as const
export type GenericValidationKey = (typeof GENERIC_VALIDATION_KEYS)[number]

function genericKey(issue: Issue): GenericValidationKey {
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return 'required'
      return expectedKeys[issue.expected] ?? 'invalidType'
    case 'too_small':
      // A required text box or list is usually written as .min(1): say "required", not "at least 1".
      if ((issue.origin === 'string' || issue.origin === 'array') && Number(issue.minimum) <= 1) return 'required'
      return sizeKey('tooSmall', issue.origin, issue.inclusive)
    case 'too_big':
      if (issue.origin === 'file') return 'fileTooLarge'
      return sizeKey('tooBig', issue.origin, issue.inclusive)
    case 'invalid_format':
      return formatKeys[issue.format] ?? 'invalidFormat'
    case 'invalid_value':
      return 'invalidEnum'
    case 'not_multiple_of':
      return 'notMultipleOf'
    case 'unrecognized_keys':
      return 'unrecognizedKeys'
    default:
      return 'invalid'
  }
}

const expectedKeys: Record<string, GenericValidationKey> = {
  number: 'expectedNumber',
  nan: 'expectedNumber',
  int: 'expectedInteger',
  bigint: 'expectedInteger',
  boolean: 'expectedBoolean',
  string: 'expectedString',
  array: 'expectedArray',
  object: 'expectedObject',
  date: 'invalidDate',
}

const formatKeys: Record<string, GenericValidationKey> = {
  email: 'invalidEmail',
  url: 'invalidUrl',
  datetime: 'invalidDate',
  date: 'invalidDate',
  time: 'invalidDate',
}

function sizeKey(prefix: 'tooSmall' | 'tooBig', origin: string, inclusive: boolean | undefined): GenericValidationKey {
  if (origin === 'string') return `${prefix}String`
  if (origin === 'array' || origin === 'set') return `${prefix}Array`
  if (origin === 'date') return `${prefix}Date`
  return `${prefix}Number${inclusive === false ? 'Exclusive' : ''}`
}

/**
 * zod only keeps `input` when parsing with `reportInput`; without it the English default message
 * still tells a missing value apart from a wrong one.
 */
function isMissing(issue: Issue): boolean {
  if ('input' in issue) return issue.input === undefined
  return / received undefined$/.test(issue.message)
}

function issueParams(issue: Issue): Record<string, string | number> {
  const params: Record<string, string | number> = {}
  const put = (name: string, value: unknown) => {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value
    else if (typeof value === 'bigint') params[name] = value.toString()
    else if (value instanceof Date) params[name] = value.toISOString()
  }
  if (issue.code === 'too_small') put('minimum', issue.minimum)
  if (issue.code === 'too_big') put('maximum', issue.maximum)
  if (issue.code === 'invalid_type') put('expected', issue.expected)
  if (issue.code === 'invalid_format') put('format', issue.format)
  if (issue.code === 'not_multiple_of') put('divisor', issue.divisor)
  if (issue.code === 'invalid_value') params.options = issue.values.map(String).join(', ')
  if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(', ')
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) put(name, value)
  }
  return params
}

/** The `fields` key of an issue: its path joined with dots (`items.0.zipCode`). */
export function issueFieldPath(issue: Pick<Issue, 'path'>): string {
  return issue.path.map(String).join('.')
}
