import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { findUsersByEmail } from '../users/repository'
import { createHumanCheck, loadHumanCheckSecret } from './human-check'
import { requestAccess } from './service'
import { waitlistRoutes } from './waitlist-routes'

/** Per address: enough for a person who mistypes, too few to spam inboxes from one machine. */
export const PUBLIC_FORM_RATE_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 }

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { humanCheck: challenge, requestAccess: request, signinLink } = endpoints
  const humanCheck = createHumanCheck(loadHumanCheckSecret(app.config.DATA_DIR))

  app.route({
    method: challenge.method,
    url: challenge.path,
    schema: { response: { 200: challenge.response } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return humanCheck.issue()
    },
  })

  app.route({
    method: request.method,
    url: request.path,
    config: { rateLimit: PUBLIC_FORM_RATE_LIMIT },
    schema: { body: request.body, response: { 200: request.response } },
    handler: async (req) => {
      const { humanCheck: answer, languagePreference, ...person } = req.body
      if (!(await humanCheck.verify(app.db, answer.token, answer.answer))) {
        throw new AppError(400, 'human_check_failed', 'invalidInput', {
          fields: { humanCheck: req.t('validation:humanCheckFailed') },
        })
      }
      return requestAccess(app, { ...person, language: languagePreference ?? req.language })
    },
  })

  app.route({
    method: signinLink.method,
    url: signinLink.path,
    config: { rateLimit: PUBLIC_FORM_RATE_LIMIT },
    schema: { body: signinLink.body, response: { 202: signinLink.response } },
    handler: async (req, reply) => {
      const { email, languagePreference } = req.body
      // Always the same answer, so the form does not tell who has an account or why nothing came.
      try {
        const rows = await findUsersByEmail(app.db, email)
        if (!rows.some((row) => row.status === 'deactivated')) {
          await app.idp.sendSigninLink(email, languagePreference ?? req.language)
        }
      } catch (error) {
        req.log.error({ err: error }, 'sign-in link not sent')
      }
      return reply.code(202).send({ status: 'accepted' as const })
    },
  })

  await app.register(waitlistRoutes)
}
