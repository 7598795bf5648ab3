import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { endpoints, type SignupWithInvitationInput } from '../../../src/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { mirrorGroups } from '../users/groups'
import { insertUser } from '../users/repository'
import { lockInvitationByToken, markInvitationUsed, type InvitationRow } from './repository'
import { invitationStatus } from './service'

export const signupRoutes: FastifyPluginAsync = async (app) => {
  /**
   * Sign-up by invitation, all or nothing: the identity, the user row with the invitation's role and
   * its groups, and the invitation marked used commit together. The embedded identity provider
   * writes inside this transaction; AWS Cognito cannot, so there a failure after its SignUp (rare:
   * the database going away mid-request) leaves an identity that gets a buyer row on first sign-in.
   */
  implement(app, endpoints.signupWithInvitation, async (request) => {
    const input = request.body
    const language = input.languagePreference ?? request.language
    return app.db.transaction(async (tx) => {
      const invitation = await usableInvitation(tx, request, input)
      const identity = await app.idp.signUp(
        {
          email: input.email,
          password: input.password,
          attributes: {
            given_name: input.firstName,
            family_name: input.lastName,
            ...(input.phoneNumber && { phone_number: `+1${input.phoneNumber}` }),
            locale: language,
          },
          language,
        },
        { db: tx },
      )
      const user = await insertUser(tx, {
        cognitoSub: identity.sub,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phoneNumber ?? null,
        roles: [invitation.role],
        language,
      })
      await markInvitationUsed(tx, invitation.id, user.id)
      await mirrorGroups(app, user, tx)
      return {
        userId: user.id,
        role: invitation.role,
        userConfirmed: identity.userConfirmed,
        codeDestination: identity.codeDestination,
      }
    })
  })
}

async function usableInvitation(
  db: Database,
  request: FastifyRequest,
  input: SignupWithInvitationInput,
): Promise<InvitationRow> {
  const invitation = await lockInvitationByToken(db, input.invitationToken)
  if (!invitation) throw invitationError(request, 'invalid')
  const status = invitationStatus(invitation)
  if (status !== 'pending') throw invitationError(request, status)
  if (invitation.email && invitation.email !== input.email) {
    throw new AppError(400, 'invitation_email_mismatch', 'invalidInput', {
      fields: { email: request.t('validation:invitationEmailMismatch') },
    })
  }
  return invitation
}

const invitationErrors = {
  invalid: [404, 'invitation_invalid', 'invitationInvalid'],
  used: [409, 'invitation_used', 'invitationUsed'],
  expired: [409, 'invitation_expired', 'invitationExpired'],
} as const

function invitationError(request: FastifyRequest, kind: keyof typeof invitationErrors) {
  const [status, code, key] = invitationErrors[kind]
  return new AppError(status, code, key, { fields: { invitationToken: request.t(`errors:${key}`) } })
}
