import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify'
import {
  paramsSchema,
  successSchema,
  successStatus,
  type AnswerInput,
  type BodyOutput,
  type EndpointSpec,
  type Params,
  type QueryOutput,
} from '../../src/contract'
import { requireLoopback } from './loopback'
import { writeLimitHook } from './write-limits'

type ParamsOf<E extends EndpointSpec> = Params<E> extends undefined ? Record<string, never> : Params<E>

/** The request a handler gets: params, query and body typed (and already judged) by the endpoint's schemas. */
export type ContractRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: ParamsOf<E>
  Querystring: QueryOutput<E>
  Body: BodyOutput<E>
}>

/**
 * A hook that runs before the body is judged: the path's parameters are typed (the router gives each one as
 * a string), query and body are not judged yet.
 */
export type PreValidationHook<E extends EndpointSpec> = (
  request: FastifyRequest<{ Params: ParamsOf<E> }>,
  reply: FastifyReply,
) => Promise<void>

/**
 * What a handler gives back: the answer (serialised by its schema, so no other field leaves), or, for a
 * download, the reply it has sent itself.
 */
export type HandlerResult<E extends EndpointSpec> = E['download'] extends string ? FastifyReply : AnswerInput<E>

export type Handler<E extends EndpointSpec> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerResult<E>>

/** What a route may add to what the contract decides: hooks after the guard, limits, its error handler. */
export type RouteExtras<E extends EndpointSpec = EndpointSpec> = {
  /** Run after the contract's guard (signed in, roles), before the body is read. */
  onRequest?: onRequestAsyncHookHandler[]
  /** Run before the body is judged (e.g. loading the listing of `:id`, so a stranger learns nothing). */
  preValidation?: PreValidationHook<E> | PreValidationHook<E>[]
  errorHandler?: RouteOptions['errorHandler']
  config?: RouteOptions['config']
  bodyLimit?: number
}

/**
 * Registers the route of `endpoint` with `handler`. Method, path, the params/query/body schemas, the guard
 * (`auth: 'user'` → a signed-in, active account; `roles` → one of them; `auth: 'loopback'` → a direct caller
 * on this machine) and the answer's status and schema all come from the contract, so no route decides them
 * itself; so do the limits of writes that mail or notify someone (`WRITE_LIMITS`).
 */
export function implement<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  extras: RouteExtras<E> = {},
): void {
  const guard: onRequestAsyncHookHandler[] =
    endpoint.auth === 'user'
      ? [app.requireUser, ...(endpoint.roles ? [app.requireRole(...endpoint.roles)] : [])]
      : endpoint.auth === 'loopback'
        ? [requireLoopback]
        : []
  const schema: FastifySchema = {}
  const params = paramsSchema(endpoint.path)
  if (params) schema.params = params
  if (endpoint.query) schema.querystring = endpoint.query
  if (endpoint.body && !endpoint.multipart) schema.body = endpoint.body
  const status = successStatus(endpoint)
  // Only the success answer goes through the compiled serialiser; errors keep the error handler's shape.
  if (!endpoint.download) schema.response = { [status]: successSchema(endpoint) }
  const onRequest = [...guard, ...(extras.onRequest ?? [])]
  // Writes that mail or notify someone are counted against server/http/write-limits.ts once judged valid.
  const limited = writeLimitHook(app, endpoint)

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...(onRequest.length ? { onRequest } : {}),
    // Typed above by the endpoint's path, which is the route's own: these are its params.
    ...(extras.preValidation
      ? { preValidation: extras.preValidation as preValidationAsyncHookHandler | preValidationAsyncHookHandler[] }
      : {}),
    ...(limited ? { preHandler: limited } : {}),
    ...(extras.errorHandler ? { errorHandler: extras.errorHandler } : {}),
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      reply.code(status)
      // The route's schemas above judged params, query and body before this runs: this is their type.
      return handler(request as ContractRequest<E>, reply)
    },
  })
}
