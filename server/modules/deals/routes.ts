import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src/contract'
import { handleError, RequestValidationError, toErrorResponse } from '../../http/errors'
import { engagementRoutes } from './engagement-routes'
import { myDealsRoutes } from './mine'
import { onListingLive } from './priority'
import { findLiveDeal, statusHistoryOf, toDeal } from './repository'
import { changeStatus, createDeal, deleteDeal, updateDeal } from './service'
import { withDeal } from './with-deal'

/**
 * A listing form sent with mistakes answers the form's summary ("Please fill in all required fields
 * (3 errors found)") as its message, with each field's own message beside it.
 */
function formErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof RequestValidationError)) return handleError(error, request, reply)
  const { statusCode, body } = toErrorResponse(error, request.t)
  const count = Object.keys(body.fields ?? {}).length
  request.log.info({ statusCode, code: body.code }, 'request rejected')
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ ...body, message: request.t('validation:formSummary', { count }) })
}

/** A listing's own life: create, read, edit, delete, status; favorites and interest beside it. */
export const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  const { createDeal: create, getDeal, updateDeal: update, deleteDeal: remove } = endpoints
  const { changeDealStatus, dealStatusHistory } = endpoints

  const loadDeal = withDeal(app)
  // The services check again under a row lock; this early check settles 404/403 before the body is judged.
  const loadManagedDeal = withDeal(app, { mustOwn: true })

  // Responses are not serialised through the contract: DealSchema reuses the input fields' preprocessing,
  // which Fastify's serializer cannot run. toDeal builds the shape with `satisfies Deal` instead.
  app.route({
    method: create.method,
    url: create.path,
    onRequest: [app.requireUser, app.requireRole('originator')],
    errorHandler: formErrorHandler,
    schema: { querystring: create.query, body: create.body },
    handler: async (request, reply) => {
      const created = await createDeal(app.db, request.user, request.body, {
        sameAddressConfirmed: request.query.sameAddress === 'confirmed',
      })
      // Priority buyers hear first; the hook records the count the seller then sees on the listing.
      await onListingLive(app, created.id)
      const row = await findLiveDeal(app.db, created.id)
      return reply.code(201).send(await toDeal(app.db, row, request.user))
    },
  })

  app.route({
    method: getDeal.method,
    url: getDeal.path,
    onRequest: app.requireUser,
    preValidation: loadDeal,
    handler: async (request) => toDeal(app.db, request.deal, request.user),
  })

  app.route({
    method: update.method,
    url: update.path,
    onRequest: app.requireUser,
    preValidation: loadManagedDeal,
    errorHandler: formErrorHandler,
    schema: { querystring: update.query, body: update.body },
    handler: async (request) => {
      const row = await updateDeal(app.db, request.user, request.deal.id, request.body, {
        sameAddressConfirmed: request.query.sameAddress === 'confirmed',
      })
      return toDeal(app.db, row, request.user)
    },
  })

  app.route({
    method: remove.method,
    url: remove.path,
    onRequest: app.requireUser,
    schema: { response: { 200: remove.response } },
    // No body to judge, so no early check: the service finds and checks the listing under its row lock.
    handler: async (request) => {
      const { id } = request.params as { id: string }
      await deleteDeal(app.db, request.user, id)
      return { deleted: true as const }
    },
  })

  app.route({
    method: changeDealStatus.method,
    url: changeDealStatus.path,
    onRequest: app.requireUser,
    preValidation: loadManagedDeal,
    schema: { body: changeDealStatus.body },
    handler: async (request) => {
      let row = await changeStatus(app.db, request.user, request.deal.id, request.body)
      // Back to active or exclusive counts as going live; the hook tells buyers only once per listing.
      if (row.status === 'active' || row.status === 'exclusive') {
        await onListingLive(app, row.id)
        row = await findLiveDeal(app.db, row.id)
      }
      return toDeal(app.db, row, request.user)
    },
  })

  app.route({
    method: dealStatusHistory.method,
    url: dealStatusHistory.path,
    onRequest: app.requireUser,
    preValidation: loadDeal,
    schema: { response: { 200: dealStatusHistory.response } },
    handler: async (request) => statusHistoryOf(app.db, request.deal.id),
  })

  await app.register(engagementRoutes)
  await app.register(myDealsRoutes)
}
