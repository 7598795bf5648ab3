import type { FastifyInstance } from 'fastify'

/**
 * PostgreSQL cannot store a NUL character in text, and a lone UTF-16 surrogate is not text at all (it
 * breaks JSON columns and UTF-8). Both are refused for every request before validation, so no route,
 * query or identity operation meets them: one check for params, query strings and JSON bodies, keys included.
 */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const MAX_DEPTH = 64

/** Thrown for a string that holds a NUL or a lone surrogate; `field` is its dotted path. */
export class UnstorableTextError extends Error {
  override name = 'UnstorableTextError'
  readonly statusCode = 400
  constructor(
    readonly source: 'params' | 'query' | 'body',
    readonly field: string,
  ) {
    super(`Unstorable text in ${source} at ${field || '(root)'}`)
  }
}

/** The dotted path of the first string (or object key) in `value` that cannot be stored, else null. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') : null
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorableText(value[index], [...path, String(index)], depth + 1)
      if (found !== null) return found
    }
    return null
  }
  // Buffers and streams (uploads) are bytes, not text.
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key.replace(UNSTORABLE, '?')].join('.')
    const found = findUnstorableText(item, [...path, key], depth + 1)
    if (found !== null) return found
  }
  return null
}

/** Adds the check for every route registered after it (call before any route or plugin). */
export function guardUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const source of ['params', 'query', 'body'] as const) {
      const field = findUnstorableText(request[source])
      if (field !== null) throw new UnstorableTextError(source, field)
    }
  })
}
