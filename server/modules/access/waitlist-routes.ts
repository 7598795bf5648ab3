import type { FastifyPluginAsync } from 'fastify'
import { isRowId, endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { inviteWaitlistEntries } from './waitlist-admin'
import { findWaitlistEntry, listWaitlist, toWaitlistEntry } from './waitlist-repository'

/** The waitlist of access requests: admins only (the contract's roles). */
export const waitlistRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.adminWaitlist, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const { q, page, pageSize } = request.query
    const { rows, total } = await listWaitlist(app.db, page, pageSize, q || undefined)
    return { items: rows.map(toWaitlistEntry), total, page, pageSize }
  })

  implement(app, endpoints.adminInviteFromWaitlist, async (request) => {
    const entry = isRowId(request.params.id) ? await findWaitlistEntry(app.db, request.params.id) : undefined
    if (!entry) throw new AppError(404, 'not_found', 'waitlistEntryNotFound')
    const [invited] = await inviteWaitlistEntries(app, [entry.id], request.user)
    return toWaitlistEntry(invited ?? entry)
  })
}
