import { sql } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { rowsOf } from '../../db/rows'
import { implement } from '../../http/implement'
import { runDigests } from './digest'
import { unsubscribe, unsubscribeTarget } from './unsubscribe'

const FORM_BODY_LIMIT = 1024

/** The public unsubscribe endpoints (no sign-in: the signed token is the permission). */
export const unsubscribeRoutes: FastifyPluginAsync = async (app) => {
  // Mail clients post RFC 8058's one-click body form-encoded. Registered inside this plugin, so only this
  // route takes form bodies (as the realtime auth route does).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  implement(app, endpoints.unsubscribeTarget, async (request) => unsubscribeTarget(app.db, request.query.token))
  implement(
    app,
    endpoints.unsubscribe,
    async (request) => ({ ...(await unsubscribe(app.db, request.query.token)), unsubscribed: true as const }),
    { bodyLimit: FORM_BODY_LIMIT },
  )
}

/** `POST /api/dev/alert-digests` (embedded mode only, beside the outbox): one buyer's digests, now. */
export const devDigestRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.devAlertDigests, async (request) => {
    const [user] = await rowsOf<{ id: string }>(
      app.db,
      sql`select id from users where lower(email) = ${request.body.email.toLowerCase()}`,
    )
    return { sent: user ? await runDigests(app, { userId: user.id, whenever: true }) : 0 }
  })
}
