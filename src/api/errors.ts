import { ApiErrorBodySchema, type ApiErrorBody } from '@/contract'

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
    const parsed = ApiErrorBodySchema.safeParse(this.body)
    return parsed.success ? parsed.data : null
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
  const parsed = ApiErrorBodySchema.safeParse(body)
  return parsed.success ? parsed.data.message : undefined
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
