import { toNestErrors } from '@hookform/resolvers'
import type { FieldError, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { formErrorMap } from './messages'

/**
 * A react-hook-form resolver over a contract schema. `prepare` turns what the inputs hold (strings,
 * blanks) into what the contract reads; the form keeps its own values either way, so nothing typed is
 * lost when a check fails.
 */
export function contractResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  prepare: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, TOutput> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(prepare(values), { error: formErrorMap })
    if (result.success) return { values: result.data, errors: {} }
    const errors: Record<string, FieldError> = {}
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.') || 'root'
      errors[path] ??= { type: issue.code, message: withBound(issue) }
    }
    return { values: {}, errors: toNestErrors(errors, options) }
  }
}

/**
 * A length or size rule whose message the contract names (`validation:tooBigString`) keeps its bound, so the
 * text can say it ("Must be at most 2000 characters."), as the generic messages of `formErrorMap` do.
 */
function withBound(issue: z.core.$ZodIssue): string {
  const { message } = issue
  if (!message.startsWith('validation:') || message.includes('?')) return message
  if (issue.code === 'too_big') return `${message}?${new URLSearchParams({ maximum: String(issue.maximum) })}`
  if (issue.code === 'too_small') return `${message}?${new URLSearchParams({ minimum: String(issue.minimum) })}`
  return message
}

/** Blank text boxes mean "not given": the contract's optional fields take null, required ones say so. */
export function blanksToNull<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' && !value.trim() ? null : value]),
  ) as T
}

/** "$250,000" → "250000": amounts may be typed the way people write them. */
export function stripNumberFormatting<T extends Record<string, unknown>>(values: T, keys: readonly (keyof T)[]): T {
  const copy: Record<string, unknown> = { ...values }
  for (const key of keys) {
    const value = copy[key as string]
    if (typeof value === 'string') copy[key as string] = value.replace(/[$,\s]/g, '')
  }
  return copy as T
}

const TYPED_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/

/**
 * What a person typed as a number ("250000", "2.5", " 3 ") becomes a number for the contract, which takes
 * numbers only. Anything else ("abc", "0x10", "1e5") stays as typed, so the contract says "Expected a valid
 * number" and the box keeps the slip until it is fixed.
 */
export function numbersFromText<T extends Record<string, unknown>>(values: T, keys: readonly (keyof T)[]): T {
  const copy: Record<string, unknown> = { ...values }
  for (const key of keys) {
    const value = copy[key as string]
    if (typeof value === 'string' && TYPED_NUMBER.test(value.trim())) copy[key as string] = Number(value.trim())
  }
  return copy as T
}

/** Numbers from the server shown in text boxes; absent ones as blank. */
export const numberText = (value: number | null | undefined) => (value == null ? '' : String(value))
