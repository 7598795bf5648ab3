import type { FastifyInstance } from 'fastify'
import type { TFunction } from 'i18next'
import type { SignupWithInvitationInput, SignupWithInvitationResult } from '../../../src/contract'
import type { Database } from '../../db/client'
import { AppError } from '../../http/errors'
import type { ServerLanguage } from '../../http/i18n'
import { mirrorGroups } from '../users/groups'
import { insertUser } from '../users/repository'
import { lockInvitationByToken, markInvitationUsed, type InvitationRow } from './repository'
import { invitationStatus } from './service'

/**
 * Sign-up by invitation, all or nothing: the identity, the user row with the invitation's role and
 * its groups, and the invitation marked used commit together. The embedded identity provider
 * writes inside this transaction; AWS Cognito cannot, so there a failure after its SignUp (rare:
 * the database going away mid-request) leaves an identity that gets a buyer row on first sign-in.
 */
export async function signUpWithInvitation(
  app: FastifyInstance,
  input: SignupWithInvitationInput,
  { language, t }: { language: ServerLanguage; t: TFunction },
): Promise<SignupWithInvitationResult> {
  return app.db.transaction(async (tx) => {
    const invitation = await usableInvitation(tx, t, input)
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
}

async function usableInvitation(db: Database, t: TFunction, input: SignupWithInvitationInput): Promise<InvitationRow> {
  const invitation = await lockInvitationByToken(db, input.invitationToken)
  if (!invitation) throw invitationError(t, 'invalid')
  const status = invitationStatus(invitation)
  // A revoked link is refused as an expired one is: the person needs a new invitation either way.
  if (status !== 'pending') throw invitationError(t, status === 'revoked' ? 'expired' : status)
  if (invitation.email && invitation.email !== input.email) {
    throw new AppError(400, 'invitation_email_mismatch', 'invalidInput', {
      fields: { email: t('validation:invitationEmailMismatch') },
    })
  }
  return invitation
}

const invitationErrors = {
  invalid: [404, 'invitation_invalid', 'invitationInvalid'],
  used: [409, 'invitation_used', 'invitationUsed'],
  expired: [409, 'invitation_expired', 'invitationExpired'],
} as const

function invitationError(t: TFunction, kind: keyof typeof invitationErrors) {
  const [status, code, key] = invitationErrors[kind]
  return new AppError(status, code, key, { fields: { invitationToken: t(`errors:${key}`) } })
}
