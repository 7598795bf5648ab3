import { z } from 'zod'
import { US_STATE_CODES } from './us-states'

/*
 * Field atoms shared by forms and the server. Messages are keys of the `validation` namespace
 * (`validation:<key>`): the SPA shows t(message), the server translates it by Accept-Language.
 */

export const emailField = z.email({ error: 'validation:invalidEmail' }).trim().toLowerCase().max(254)

/** Spec §5: at least 8 characters with uppercase, lowercase, number and special character. */
export const passwordField = z
  .string({ error: 'validation:required' })
  .min(8, { error: 'validation:passwordMin' })
  .max(256, { error: 'validation:tooBigString' })
  .regex(/[A-Z]/, { error: 'validation:passwordUpper' })
  .regex(/[a-z]/, { error: 'validation:passwordLower' })
  .regex(/\d/, { error: 'validation:passwordNumber' })
  .regex(/[^A-Za-z0-9]/, { error: 'validation:passwordSpecial' })

/** Sign-up names: required, at least 2 characters (spec §5). */
export const signupNameField = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, { error: 'validation:required' })
  .min(2, { error: 'validation:nameMin' })
  .max(80, { error: 'validation:tooBigString' })

export const nameField = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, { error: 'validation:required' })
  .max(80, { error: 'validation:tooBigString' })

/** A valid 10-digit US phone; formatting characters and a leading 1 are accepted and stripped. */
export const phoneField = z
  .string({ error: 'validation:required' })
  .transform((value) => value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
  .pipe(z.string().regex(/^[2-9]\d{2}[2-9]\d{6}$/, { error: 'validation:invalidPhone' }))

export const zipCodeField = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { error: 'validation:zipCode' })

export const stateField = z
  .string({ error: 'validation:required' })
  .trim()
  .toUpperCase()
  .refine((value) => (US_STATE_CODES as readonly string[]).includes(value), { error: 'validation:usState' })

/** Links stay short enough to show and store; a real booking or company link is far below this. */
export const URL_MAX = 2048

const httpUrl = z.url({ protocol: /^https?$/ })

/** An http(s) link or nothing ('' and null mean none). */
export const optionalUrlField = z
  .string({ error: 'validation:invalidUrl' })
  .max(URL_MAX, { error: 'validation:urlTooLong' })
  .refine((value) => value === '' || httpUrl.safeParse(value).success, { error: 'validation:invalidUrl' })
  .nullable()
  .optional()
  .transform((value) => (value ? value : null))

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation:tooBigString' })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))

export const isoDate = z.iso.datetime({ offset: true })

/**
 * A row id as PostgreSQL's `uuid` type reads it: 32 hex digits in 8-4-4-4-12 groups (any version). Anything
 * else never reaches SQL, where it would fail the query instead of naming no row.
 */
export const rowId = z.guid()

/** Whether `value` can name a row: check every id from a path or query with it before it reaches SQL. */
export const isRowId = (value: string): boolean => rowId.safeParse(value).success

/**
 * An instant inside a page cursor: ISO 8601 with a four-digit year from 0001 (PostgreSQL has no year 0 and
 * nothing before 4713 BC; JavaScript writes years past 9999 with a sign PostgreSQL does not read).
 */
export const cursorInstant = isoDate.refine((value) => !value.startsWith('0000'))

/**
 * A number as JSON carries it: text, booleans and non-finite values are refused (`"0x10"` is not 16,
 * `true` is not 1). Forms turn what a person typed into numbers first (`numbersFromText`).
 */
export const strictNumber = () =>
  // Only for the type: bounds added later keep their own generic messages ("Must be at most …").
  z.number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation:expectedNumber' : undefined) })

/** How many decimal places `value` has at most `places` of (0.1 + 0.2 style float noise tolerated). */
export const hasDecimalPlaces = (value: number, places: number) => {
  const scaled = value * 10 ** places
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled))
}

/** A plain decimal as a query string carries it: no hex, exponent, sign but a leading minus, or spaces. */
export const DECIMAL = String.raw`-?\d+(?:\.\d+)?`
const DECIMAL_TEXT = new RegExp(`^${DECIMAL}$`)

/** A number as plain decimal text (`String(1e-7)` is `1e-7`, which the wire refuses). */
export function decimalText(value: number): string {
  const text = String(value)
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text
}

/**
 * A number in a query string, strict: `0x10`, `1e3`, ` 5` and `` are refused (`z.coerce.number()` would
 * read the first three as 16, 1000 and 5, and the last as 0). `value` holds the bounds. A typed caller may
 * hand over a number; the query string writes it as text.
 */
export const queryNumber = <T extends z.ZodNumber>(value: T) =>
  z.codec(z.union([z.number(), z.string().regex(DECIMAL_TEXT, { error: 'validation:expectedNumber' })]), value, {
    decode: (input) => Number(input) as z.input<T>,
    encode: (output) => decimalText(output as number),
  })

/** A yes/no query parameter: `true`/`false` (or `1`/`0`) on the wire. */
export const queryFlag = z.codec(z.enum(['true', 'false', '1', '0']), z.boolean(), {
  decode: (value) => value === 'true' || value === '1',
  encode: (value) => (value ? 'true' : 'false'),
})
