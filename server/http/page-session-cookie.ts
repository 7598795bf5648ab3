import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PAGE_SESSION_COOKIE } from '../../src/contract'

/**
 * How the page-session cookie is set: only the server reads it (HttpOnly), only on pages the browser opens
 * from this site or by following a link to it (SameSite=Lax: a cross-site request carries none), over https
 * only when the site is on https.
 */
export function pageSessionCookie(app: FastifyInstance, request: FastifyRequest) {
  const secure = request.protocol === 'https' || app.config.PUBLIC_URL.startsWith('https://')
  return { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const
}

/** Forgets the page session in this browser (sign-out, or a token the server no longer accepts). */
export function clearPageSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(PAGE_SESSION_COOKIE, pageSessionCookie(app, request))
}
