import type { FastifyInstance } from 'fastify'
import type { Language, RequestAccessResult, Role } from '../../../src/contract'
import { countPendingInvitations, findPendingInvitationFor } from '../invitations/repository'
import { createInvitations, mailInvitation } from '../invitations/service'
import { getSetting } from '../settings/service'
import { countActiveUsers, findUsersByEmail } from '../users/repository'
import { addToWaitlist, markWaitlistInvited } from './waitlist-repository'

export type AccessRequest = {
  firstName: string
  lastName: string
  email: string
  phone: string
  role: Role
  language: Language
}

/**
 * Request access (spec §8): invite while the beta has room, else waitlist. Someone who already has
 * an account is told so by e-mail but gets the same answer as a new invitee, so the form cannot be
 * used to learn who is registered. Capacity counts active users plus invitations still open; two
 * requests racing for the last seat may both get in, which a soft beta cap tolerates.
 */
export async function requestAccess(app: FastifyInstance, request: AccessRequest): Promise<RequestAccessResult> {
  const { db } = app
  const { email, language } = request

  if (await hasAccount(app, email)) {
    await app.mail.send({
      to: email,
      template: 'alreadyRegistered',
      language,
      // No greeting by name: the name was typed by whoever asked, who may not be the owner.
      data: { link: `${app.config.PUBLIC_URL}/auth` },
    })
    return { status: 'invited' }
  }

  const pending = await findPendingInvitationFor(db, email)
  if (pending) {
    await mailInvitation(app, email, pending, language, request.firstName)
    return { status: 'invited' }
  }

  const { betaCapacity } = await getSetting(db, 'access')
  const taken = (await countActiveUsers(db)) + (await countPendingInvitations(db))
  if (taken < betaCapacity) {
    const [invitation] = await createInvitations(db, { role: request.role, count: 1, email, createdBy: null })
    if (!invitation) throw new Error('No invitation was created')
    // Someone on the waitlist who asks again once there is room is let in and leaves the queue.
    await markWaitlistInvited(db, { email }, invitation.id)
    await mailInvitation(app, email, invitation, language, request.firstName)
    return { status: 'invited' }
  }

  const entry = await addToWaitlist(db, {
    email,
    firstName: request.firstName,
    lastName: request.lastName,
    phone: request.phone,
    role: request.role,
    language,
  })
  // Only the first request mails; asking again while waiting changes nothing.
  if (entry) {
    await app.mail.send({ to: email, template: 'waitlisted', language, data: { name: request.firstName } })
  }
  return { status: 'waitlisted' }
}

/** A user row, or an embedded identity not yet seen by the API (signed up, never signed in). */
async function hasAccount(app: FastifyInstance, email: string): Promise<boolean> {
  if ((await findUsersByEmail(app.db, email)).length > 0) return true
  return app.idp.mode === 'embedded' && (await app.idp.findByEmail(email)) !== null
}
