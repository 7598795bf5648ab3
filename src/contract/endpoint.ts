import { z } from 'zod'
import { SUCCESS_STATUSES, paramNames, type Route, type SuccessStatus } from './route'

export { SUCCESS_STATUSES, paramNames, pathFor, type Method, type Route, type SuccessStatus } from './route'

/** `'/api/deals/:id/photos/:photoId'` → `'id' | 'photoId'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The path's parameters as an object of strings, or `undefined` for a path without any. */
export type PathParams<P extends string> = [ParamNames<P>] extends [never] ? undefined : Record<ParamNames<P>, string>

/**
 * One endpoint of the API, the one place its shape is decided: the SPA's `call`, the server's
 * `implement`, the test client and `/api/openapi.json` all read it.
 */
export type EndpointSpec = Route & {
  /** One line for the API document. */
  summary?: string
  query?: z.ZodType
  body?: z.ZodType
  /** Multipart upload: the body is FormData with a `file` field, judged by the handler. */
  multipart?: true
  /** The body is application/x-www-form-urlencoded (sent by a third-party SDK, not by `call`). */
  formEncoded?: true
  /** A file download (CSV exports): the answer is bytes of this media type, not JSON. */
  download?: string
  /**
   * The answer's schema by status: exactly one success status (200, 201 or 202), and the error answers
   * worth naming (those with fields beyond `ApiErrorBody`, or that a caller handles); any other error is
   * an `ApiErrorBody`.
   */
  responses: Responses
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429
export type Responses = { [S in SuccessStatus | ErrorStatus]?: z.ZodType }

/** Declares an endpoint, keeping its literal types (path, method, schemas) for `call` and `implement`. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec

type SuccessKey<E extends EndpointSpec> = Extract<keyof E['responses'], SuccessStatus>
/** The schema of the endpoint's success answer. */
export type SuccessSchema<E extends EndpointSpec> = E['responses'][SuccessKey<E>] & z.ZodType

/** What a successful answer holds once parsed. */
export type Answer<E extends EndpointSpec> = z.output<SuccessSchema<E>>
/** What a handler gives back before the answer is serialised. */
export type AnswerInput<E extends EndpointSpec> = z.input<SuccessSchema<E>>

export type Params<E extends EndpointSpec> = PathParams<E['path']>
export type QueryInput<E extends EndpointSpec> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined
export type QueryOutput<E extends EndpointSpec> = E['query'] extends z.ZodType ? z.output<E['query']> : undefined
export type BodyInput<E extends EndpointSpec> = E['multipart'] extends true
  ? FormData
  : E['body'] extends z.ZodType
    ? z.input<E['body']>
    : undefined
export type BodyOutput<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined

type Field<Name extends string, T> = [T] extends [undefined] ? { [K in Name]?: undefined } : { [K in Name]: T }
type OptionalField<Name extends string, T> = [T] extends [undefined] ? { [K in Name]?: undefined } : { [K in Name]?: T }

/**
 * What a caller passes: `params` when the path has any, `body` when the endpoint takes one, `query`
 * (optional: every query schema gives its own defaults).
 */
export type CallInput<E extends EndpointSpec> = Field<'params', Params<E>> &
  Field<'body', BodyInput<E>> &
  OptionalField<'query', QueryInput<E>>

/** The endpoint's success status (200 unless it declares 201 or 202). */
export function successStatus(spec: EndpointSpec): SuccessStatus {
  return SUCCESS_STATUSES.find((status) => spec.responses[status]) ?? 200
}

/** The schema of the endpoint's success answer. */
export function successSchema<E extends EndpointSpec>(spec: E): SuccessSchema<E> {
  const schema = spec.responses[successStatus(spec)]
  if (!schema) throw new Error(`${spec.method} ${spec.path} declares no success answer`)
  // Found by the status the type names, so it is that status's schema.
  return schema as SuccessSchema<E>
}

/** The schema the server judges a path's parameters by: each one a non-empty string. */
export function paramsSchema(path: string): z.ZodObject | undefined {
  const names = paramNames(path)
  if (!names.length) return undefined
  return z.object(Object.fromEntries(names.map((name) => [name, z.string().min(1)])))
}
