import type { FastifyInstance } from 'fastify'
import { decodeJwt } from 'jose'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { clearPageSession, setPageSession } from '../../http/page-session-cookie'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * The page session (spec §4's session, copied for the pages the server renders): the caller's own ID token,
 * already verified by the contract's guard, kept as a cookie until the token expires. The API never reads
 * the cookie; `server/http/spa.ts` uses it to render a member's `/deals` in its HTML.
 */
export async function pageSessionRoutes(app: FastifyInstance) {
  implement(app, endpoints.openPageSession, async (request, reply) => {
    // The guard above verified this very header's token.
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1] ?? ''
    const expires = new Date((decodeJwt(token).exp ?? 0) * 1000)
    reply.header('cache-control', 'no-store')
    setPageSession(app, request, reply, token, expires)
    return { expiresAt: expires.toISOString() }
  })
  implement(app, endpoints.closePageSession, async (request, reply) => {
    clearPageSession(app, request, reply)
    return { closed: true as const }
  })
}
