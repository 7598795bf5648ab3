import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { TFunction } from 'i18next'
import type { z } from 'zod'
import { choiceLabelKeys, type ApiErrorBody } from '../../src/contract'
import { UnstorableTextError } from './text-guard'
import { issueFieldPath, issueMessageRef } from './zod-issues'

type ErrorDetails = {
  /** Values interpolated into the translated message. */
  params?: Record<string, string | number>
  /** Field path -> already translated message, for forms. */
  fields?: Record<string, string>
  /** Extra top-level members, e.g. `existingDealId` on a duplicate-address 409. */
  extra?: Record<string, unknown>
}

/**
 * An error a route throws on purpose: it becomes `{ message, code, fields? }` with this status, the
 * message translated from the `errors` namespace (`'dbUnavailable'` or `'errors:dbUnavailable'`).
 */
export class AppError extends Error {
  override name = 'AppError'
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string,
    readonly details: ErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${messageKey}`, options)
  }
}

type Issue = z.core.$ZodIssue

/** What the zod validator compiler hands Fastify when a body, query or params object is invalid. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError'
  readonly statusCode = 400
  constructor(readonly issues: Issue[]) {
    super('Request validation failed')
  }
}

/**
 * Validates with the contract schema. `reportInput` lets the message tell "required" from "wrong
 * type"; the value itself is dropped at once since it may be a password and errors get logged.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true })
    if (result.success) return { value: result.data }
    return { error: new RequestValidationError(result.error.issues.map(withoutInputValue)) }
  }

function withoutInputValue(issue: Issue): Issue {
  if (!('input' in issue)) return issue
  const { input, ...rest } = issue
  return (input === undefined ? { ...rest, input: undefined } : rest) as Issue
}

export type ErrorResponse = { statusCode: number; body: ApiErrorBody & Record<string, unknown> }

const byFastifyCode: Record<string, [status: number, code: string, key: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_json', 'malformedJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'empty_body', 'emptyBody'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'unsupportedMediaType'],
}

const byStatus: Record<number, [code: string, key: string]> = {
  400: ['bad_request', 'badRequest'],
  401: ['auth_required', 'authRequired'],
  403: ['forbidden', 'forbidden'],
  404: ['not_found', 'notFound'],
  413: ['payload_too_large', 'payloadTooLarge'],
  415: ['unsupported_media_type', 'unsupportedMediaType'],
  429: ['rate_limited', 'rateLimited'],
}

const errorsKey = (key: string) => (key.includes(':') ? key : `errors:${key}`)

/** Maps anything a handler or Fastify throws to the API.md error shape, in the caller's language. */
export function toErrorResponse(error: unknown, t: TFunction): ErrorResponse {
  if (error instanceof AppError) {
    const { params, fields, extra } = error.details
    const message = t(errorsKey(error.messageKey), params ?? {})
    return { statusCode: error.statusCode, body: { ...extra, message, code: error.code, ...(fields && { fields }) } }
  }
  if (error instanceof UnstorableTextError) {
    // A path parameter is no form field; a query or body member is, so a form can point at it.
    const fields =
      error.source !== 'params' && error.field ? { [error.field]: t('validation:invalidCharacters') } : null
    return {
      statusCode: 400,
      body: { message: t('errors:invalidCharacters'), code: 'invalid_characters', ...(fields && { fields }) },
    }
  }
  if (error instanceof RequestValidationError) {
    return {
      statusCode: 400,
      body: { message: t('errors:invalidInput'), code: 'invalid_input', ...fieldsOf(error, t) },
    }
  }
  const fastifyError = error as Partial<FastifyError>
  const known = fastifyError.code ? byFastifyCode[fastifyError.code] : undefined
  if (known) {
    const [statusCode, code, key] = known
    return { statusCode, body: { message: t(errorsKey(key)), code } }
  }
  const status = fastifyError.statusCode
  if (status && status >= 400 && status < 500) {
    const [code, key] = byStatus[status] ?? ['bad_request', 'badRequest']
    return { statusCode: status, body: { message: t(errorsKey(key)), code } }
  }
  return { statusCode: 500, body: { message: t('errors:internal'), code: 'internal' } }
}

function fieldsOf(error: RequestValidationError, t: TFunction): { fields?: Record<string, string> } {
  const isValidationKey = (key: string) => t(`validation:${key}`, { defaultValue: '' }) !== ''
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const { key, params } = issueMessageRef(issue, isValidationKey)
    if (issue.code === 'invalid_value') params.options = choiceLabels(issue.values, t)
    const message = t(key, params)
    // An unknown key sits at the object's own path; point at the key itself so a form can show it.
    const paths =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((name) => issueFieldPath({ path: [...issue.path, name] }))
        : [issueFieldPath(issue)]
    for (const path of paths) fields[path] ??= message
  }
  return Object.keys(fields).length > 0 ? { fields } : {}
}

/** The choices of an enum by their labels in the caller's language ("Cash, Creative"). */
function choiceLabels(values: readonly unknown[], t: TFunction): string {
  return choiceLabelKeys(values)
    .map((key) => (key.startsWith('values:') ? t(key) : key))
    .join(', ')
}

/** Fastify error handler: logs bugs with their stack, never shows internals to the caller. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = toErrorResponse(error, request.t)
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed')
  else request.log.info({ statusCode, code: body.code }, 'request rejected')
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body)
}

/** The JSON 404 of unknown API paths (and of any non-page path). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ message: request.t('errors:notFound'), code: 'not_found' } satisfies ApiErrorBody)
}
