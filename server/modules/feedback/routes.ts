import type { FastifyPluginAsync } from 'fastify'
import { endpoints, isRowId } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { createHumanCheck, loadHumanCheckSecret } from '../access/human-check'
import { isPrivileged } from '../users/roles'
import { createScreenshotStore } from './screenshots'
import {
  adminFeedbackPage,
  changeFeedbackStatus,
  deleteFeedback,
  feedbackNotFound,
  myFeedback,
  screenshotKeyOf,
  submitFeedback,
} from './service'
import { readFeedbackSubmission } from './upload'

/**
 * Feedback (spec §2, §5, §7): any signed-in user sends it (the widget, /feedback; Owners Club members also
 * /owners-feedback); admins and owners review it (the contract's roles). Submissions are limited per user
 * in server/http/write-limits.ts.
 */
export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  // The request-access form's question: the same secret, so the public question endpoint serves both.
  const humanCheck = createHumanCheck(await loadHumanCheckSecret(app.db, app.config.DATA_DIR))
  const store = createScreenshotStore(app.files)
  const actorOf = (request: { user: { id: string; email: string } }) => ({
    id: request.user.id,
    email: request.user.email,
  })
  const knownId = (id: string) => {
    if (!isRowId(id)) throw feedbackNotFound()
    return id
  }

  implement(app, endpoints.submitFeedback, async (request) => {
    const submission = await readFeedbackSubmission(request)
    const { humanCheckToken, humanCheckAnswer, ownersClub } = submission.fields
    if (ownersClub && !isPrivileged(request.user.roles)) throw new AppError(403, 'forbidden', 'forbidden')
    if (!(await humanCheck.verify(app.db, humanCheckToken, humanCheckAnswer))) {
      throw new AppError(400, 'human_check_failed', 'invalidInput', {
        fields: { humanCheck: request.t('validation:humanCheckFailed') },
      })
    }
    return submitFeedback(app, store, request.user, submission)
  })

  implement(app, endpoints.myFeedback, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return { items: await myFeedback(app.db, request.user.id) }
  })

  implement(app, endpoints.adminFeedback, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return adminFeedbackPage(app.db, { ...request.query, q: request.query.q || undefined })
  })

  implement(app, endpoints.adminFeedbackScreenshot, async (request, reply) => {
    const bytes = await store.read(await screenshotKeyOf(app.db, knownId(request.params.id)))
    if (!bytes) throw feedbackNotFound()
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(bytes)
  })

  implement(app, endpoints.adminUpdateFeedback, (request) =>
    changeFeedbackStatus(app, actorOf(request), knownId(request.params.id), request.body.status),
  )

  implement(app, endpoints.adminDeleteFeedback, async (request) => {
    await deleteFeedback(app, store, actorOf(request), knownId(request.params.id))
    return { deleted: true as const }
  })
}
