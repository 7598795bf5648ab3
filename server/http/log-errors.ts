/**
 * The log's error serializer. A failed query's error carries its parameters (a buyer's e-mail, phone,
 * message) in `params`, in its message and in its stack; PostgreSQL's `detail` repeats values
 * ("Key (email)=(…) already exists") and its messages end with a bad value: all of that stays out of the log. The SQL text, the codes and the
 * stack frames stay, which is what finding the bug needs.
 */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |$)/
// PostgreSQL ends messages about a bad value with the value itself: `invalid input syntax for type integer: "…"`.
const VALUE_AT_LINE_END = /: "(?:[^"\n]|"")*"$/gm
const DROPPED = new Set(['params', 'detail', 'where', 'internalQuery', 'message', 'stack', 'cause'])
const MAX_CAUSES = 5

export type SerializedError = Record<string, unknown> & { type: string; message: string; stack: string }

const scrub = (text: string) =>
  text.replace(PARAMS_IN_TEXT, '\nparams: [redacted]').replace(VALUE_AT_LINE_END, ': "[redacted]"')

/** Pino's `err` serializer: a plain object of the error, its causes included, without personal data. */
export function serializeError(error: Error): SerializedError {
  return serializeOne(error, 0)
}

function serializeOne(error: Error, depth: number): SerializedError {
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: scrub(String(error.message)),
    stack: scrub(String(error.stack ?? '')),
  }
  for (const [key, value] of Object.entries(error)) {
    if (DROPPED.has(key) || typeof value === 'function') continue
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      serialized[key] = typeof value === 'string' ? scrub(value) : value
    }
  }
  if (error.cause instanceof Error && depth < MAX_CAUSES) serialized.cause = serializeOne(error.cause, depth + 1)
  return serialized
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }

/**
 * Pino's `req` serializer: Fastify's fields, but the query's values are left out, since searches carry
 * e-mail addresses and names (the admin user search); the names of the parameters stay for debugging.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: withoutQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

function withoutQueryValues(url: string): string {
  const at = url.indexOf('?')
  if (at < 0) return url
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`)
  return `${url.slice(0, at)}?${names.join('&')}`
}
