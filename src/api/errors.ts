import type { ApiErrorBody } from '@/contract'

/**
 * The body in the API.md error shape (`ApiErrorBodySchema`), checked by hand: every failed call reads it,
 * start-up calls included, which run before zod is loaded. src/api/errors.test.ts checks it agrees with
 * the schema.
 */
export function readErrorBody(body: unknown): ApiErrorBody | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const { message, code, fields } = body as Record<string, unknown>
  if (typeof message !== 'string') return null
  if (code !== undefined && typeof code !== 'string') return null
  if (fields !== undefined) {
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return null
    if (!Object.values(fields).every((value) => typeof value === 'string')) return null
  }
  return {
    message,
    ...(code !== undefined && { code }),
    ...(fields !== undefined && { fields: { ...(fields as Record<string, string>) } }),
  }
}

/** Every non-OK answer becomes one of these (spec §8): status, status text and the parsed body. */
export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  readonly body: unknown

  constructor(status: number, statusText: string, body: unknown, message?: string) {
    super(message ?? readMessage(body) ?? (statusText || `Request failed (${status})`))
    this.name = 'ApiError'
    this.status = status
    this.statusText = statusText
    this.body = body
  }

  /** The body in the API.md error shape, when it is one. */
  get errorBody(): ApiErrorBody | null {
    return readErrorBody(this.body)
  }

  get code(): string | undefined {
    return this.errorBody?.code
  }

  get fields(): Record<string, string> | undefined {
    return this.errorBody?.fields
  }
}

function readMessage(body: unknown): string | undefined {
  if (typeof body === 'string' && body.trim()) return body
  return readErrorBody(body)?.message
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** An answer that arrived fine but does not match the contract: a server/client mismatch, never retried. */
export class ContractError extends Error {
  constructor(
    readonly url: string,
    readonly issues: unknown,
  ) {
    super(`Unexpected answer from ${url}`)
    this.name = 'ContractError'
  }
}
