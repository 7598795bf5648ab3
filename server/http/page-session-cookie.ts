import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PAGE_SESSION_COOKIE } from '../../src/contract'

const isSecure = (app: FastifyInstance, request: FastifyRequest) =>
  request.protocol === 'https' || app.config.PUBLIC_URL.startsWith('https://')

/**
 * The page-session cookie's name. On https it carries the `__Host-` prefix: the browser then keeps it only
 * when it is Secure, for Path=/ and without a Domain, so a sibling subdomain can neither set nor shadow it.
 * Plain http (a machine's own copy) cannot have a Secure cookie, so it goes without.
 */
const pageSessionCookieName = (app: FastifyInstance, request: FastifyRequest) =>
  isSecure(app, request) ? `__Host-${PAGE_SESSION_COOKIE}` : PAGE_SESSION_COOKIE

/**
 * How the page-session cookie is set: only the server reads it (HttpOnly), only on pages the browser opens
 * from this site or by following a link to it (SameSite=Lax: a cross-site request carries none), over https
 * only when the site is on https.
 */
function pageSessionCookie(app: FastifyInstance, request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', secure: isSecure(app, request), path: '/' } as const
}

/** The page session the browser sent, if any. */
export const readPageSession = (app: FastifyInstance, request: FastifyRequest): string | undefined =>
  request.cookies[pageSessionCookieName(app, request)]

/** Keeps `token` as this browser's page session until `expires`. */
export function setPageSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expires: Date,
) {
  reply.setCookie(pageSessionCookieName(app, request), token, { ...pageSessionCookie(app, request), expires })
}

/** Forgets the page session in this browser (sign-out, or a token the server no longer accepts). */
export function clearPageSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(pageSessionCookieName(app, request), pageSessionCookie(app, request))
}
