import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import type { Role } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { createReadCache } from '../../lib/read-cache'
import { usersWritten, type UserRow } from './repository'
import { satisfiesRoles } from './roles'
import { userForIdentity } from './service'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /**
     * Hook for private routes: a verified token (app.authenticate) of an active user; sets
     * `request.user`. Use it as `onRequest`, so who asks is settled before the body is read or
     * validated (a stranger gets 401, not a list of what their body got wrong).
     */
    requireUser: onRequestAsyncHookHandler
    /**
     * Hook for after requireUser: 403 `forbidden` unless the user holds one of `roles`.
     * Admins pass every check and owners every check but admin-only ones (see roles.ts).
     */
    requireRole(...roles: Role[]): onRequestAsyncHookHandler
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The caller's user row; set by app.requireUser. */
    user: UserRow
  }
}

const USER_ROW_TTL_MS = 5_000

/** Decorates the app with the account guards every private route of this server uses. */
export function decorateUserGuards(app: FastifyInstance) {
  app.decorateRequest('user', null as unknown as UserRow)
  // The caller's row is read on every call and written rarely: remembered per token subject, e-mail and sign-in,
  // forgotten by any write to users on this instance and, as soon as its announcement arrives, on another
  // (server/db/bus-plugin.ts); at most 5 s if that announcement is lost.
  const rows = createReadCache<Readonly<UserRow>>(usersWritten.of(app.db), { max: 10_000, ttlMs: USER_ROW_TTL_MS })

  async function requireUser(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    await app.authenticate(request, reply)
    if (reply.sent) return
    if (!request.identity) throw new AppError(401, 'auth_required', 'authRequired')
    const { sub } = request.identity
    // Only the embedded provider can be asked about a user without their own access token.
    const row = await rows.get(`${sub} ${request.identity.email} ${request.identity.authTime}`, async () =>
      Object.freeze(
        await userForIdentity(app.db, request.identity!, async () =>
          app.idp.mode === 'embedded' ? app.idp.findBySub(sub) : null,
        ),
      ),
    )
    if (row.status === 'deactivated') throw new AppError(403, 'account_deactivated', 'accountDeactivated')
    request.user = row
  }
  app.decorate('requireUser', requireUser)

  app.decorate('requireRole', (...roles: Role[]): onRequestAsyncHookHandler => {
    return async (request) => {
      if (!request.user) throw new Error('requireRole must run after requireUser')
      if (!satisfiesRoles(request.user.roles, roles)) throw new AppError(403, 'forbidden', 'forbidden')
    }
  })
}
