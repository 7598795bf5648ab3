import type { z } from 'zod'
import { AppError } from './errors'

/*
 * Page cursors: opaque to clients, base64url JSON of a value the contract's schema describes (e.g.
 * `ThreadCursorSchema`). Every cursor is decoded and judged here before it reaches SQL, so a crafted one is
 * a 400 invalid_cursor in the caller's language, never a failed query.
 */

export const invalidCursor = () => new AppError(400, 'invalid_cursor', 'invalidCursor')

/** The cursor that `decodeCursor(schema, …)` reads back as `value`. */
export function encodeCursor<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return Buffer.from(JSON.stringify(schema.parse(value))).toString('base64url')
}

/** The value a cursor holds, checked by `schema`; 400 invalid_cursor for anything this server did not make. */
export function decodeCursor<S extends z.ZodType>(schema: S, cursor: string): z.output<S> {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  const result = schema.safeParse(value)
  if (!result.success) throw invalidCursor()
  return result.data
}
