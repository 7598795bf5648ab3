import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { findUsersByEmail } from '../users/repository'
import { createHumanCheck, loadHumanCheckSecret } from './human-check'
import { requestAccess } from './service'
import { registerSigninLinkVerify } from './signin-link-verify'
import { waitlistRoutes } from './waitlist-routes'

/** Per address: enough for a person who mistypes, too few to spam inboxes from one machine. */
export const PUBLIC_FORM_RATE_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 }

export const accessRoutes: FastifyPluginAsync = async (app) => {
  const humanCheck = createHumanCheck(await loadHumanCheckSecret(app.db, app.config.DATA_DIR))

  implement(app, endpoints.humanCheck, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return humanCheck.issue()
  })

  implement(
    app,
    endpoints.requestAccess,
    async (request) => {
      const { humanCheck: answer, languagePreference, ...person } = request.body
      if (!(await humanCheck.verify(app.db, answer.token, answer.answer))) {
        throw new AppError(400, 'human_check_failed', 'invalidInput', {
          fields: { humanCheck: request.t('validation:humanCheckFailed') },
        })
      }
      return requestAccess(app, { ...person, language: languagePreference ?? request.language })
    },
    { config: { rateLimit: PUBLIC_FORM_RATE_LIMIT } },
  )

  implement(
    app,
    endpoints.signinLink,
    async (request) => {
      const { email, languagePreference } = request.body
      // Always the same answer, so the form does not tell who has an account or why nothing came.
      try {
        const rows = await findUsersByEmail(app.db, email)
        if (!rows.some((row) => row.status === 'deactivated')) {
          await app.idp.sendSigninLink(email, languagePreference ?? request.language)
        }
      } catch (error) {
        request.log.error({ err: error }, 'sign-in link not sent')
      }
      return { status: 'accepted' as const }
    },
    { config: { rateLimit: PUBLIC_FORM_RATE_LIMIT } },
  )

  registerSigninLinkVerify(app)
  await app.register(waitlistRoutes)
}
