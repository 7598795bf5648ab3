import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { endpoints } from '../../../src/contract'
import { recordView } from '../deal-analytics/views'
import { handleError, RequestValidationError, toErrorResponse } from '../../http/errors'
import { implement } from '../../http/implement'
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
export const dealRoutes: FastifyPluginAsync = async (app) => {
  const loadDeal = withDeal(app)
  // The services check again under a row lock; this early check settles 404/403 before the body is judged.
  const loadManagedDeal = withDeal(app, { mustOwn: true })

  implement(
    app,
    endpoints.createDeal,
    async (request) => {
      const created = await createDeal(app.db, request.user, request.body, {
        sameAddressConfirmed: request.query.sameAddress === 'confirmed',
      })
      // Priority buyers hear first; the hook records the count the seller then sees on the listing.
      await onListingLive(app, created.id)
      const row = await findLiveDeal(app.db, created.id)
      return toDeal(app.db, row, request.user)
    },
    { errorHandler: formErrorHandler },
  )

  implement(
    app,
    endpoints.getDeal,
    async (request) => {
      const now = app.now()
      // The visit is counted beside the read, not before it; a failure to count never fails the page.
      const counted = recordView(app.db, request.deal, request.user.id, now).catch((error: unknown) =>
        request.log.error({ err: error }, 'listing view not counted'),
      )
      const answer = await toDeal(app.db, request.deal, request.user, now)
      await counted
      return answer
    },
    { preValidation: loadDeal },
  )

  implement(
    app,
    endpoints.updateDeal,
    async (request) => {
      const row = await updateDeal(app.db, request.user, request.deal.id, request.body, {
        sameAddressConfirmed: request.query.sameAddress === 'confirmed',
      })
      return toDeal(app.db, row, request.user)
    },
    { preValidation: loadManagedDeal, errorHandler: formErrorHandler },
  )

  // No body to judge, so no early check: the service finds and checks the listing under its row lock.
  implement(app, endpoints.deleteDeal, async (request) => {
    await deleteDeal(app.db, request.user, request.params.id)
    return { deleted: true as const }
  })

  implement(
    app,
    endpoints.changeDealStatus,
    async (request) => {
      let row = await changeStatus(app.db, request.user, request.deal.id, request.body)
      // Back to active or exclusive counts as going live; the hook tells buyers only once per listing.
      if (row.status === 'active' || row.status === 'exclusive') {
        await onListingLive(app, row.id)
        row = await findLiveDeal(app.db, row.id)
      }
      return toDeal(app.db, row, request.user)
    },
    { preValidation: loadManagedDeal },
  )

  // The seller's own record (comments, cancel reasons): only those who may manage the listing read it.
  implement(app, endpoints.dealStatusHistory, async (request) => statusHistoryOf(app.db, request.deal.id), {
    preValidation: loadManagedDeal,
  })

  await app.register(engagementRoutes)
  await app.register(myDealsRoutes)
}
