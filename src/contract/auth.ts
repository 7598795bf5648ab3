import { z } from 'zod'
import { LanguageSchema } from './common'
import { emailField, isoDate, passwordField, phoneField, signupNameField } from './fields'
import { ROLES } from './roles'

export const RoleSchema = z.enum(ROLES)
export type { Role } from './roles'
export { ALL_ACCESS_ROLES, PRIVILEGED_ROLES, ROLES, satisfiesRoles } from './roles'

/**
 * The sides a person picks when asking for access (buyer or seller); an invitation fixes the role it grants.
 * In role management only the buyer role is added by oneself: the seller role by an admin's approval.
 */
export const SelfServiceRoleSchema = z.enum(['buyer', 'originator'])
export type SelfServiceRole = z.infer<typeof SelfServiceRoleSchema>

export const UserStatusSchema = z.enum(['active', 'deactivated'])

/** The signed-in user as `GET /api/auth/me` answers it (spec section 3). */
export const UserSchema = z.object({
  userId: z.string().min(1),
  id: z.string().min(1),
  email: z.email(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The primary role (the highest of `roles`: admin, owner, originator, buyer). */
  role: RoleSchema,
  roles: z.array(RoleSchema),
  cognitoGroups: z.array(z.string()),
  authProvider: z.string(),
  languagePreference: LanguageSchema,
  profileComplete: z.boolean(),
  profileCompleted: z.boolean(),
  subscription_plan: z.string().nullable(),
  subscription_status: z.string().default('none'),
  created_at: isoDate,
  status: UserStatusSchema.default('active'),
  email_verified: z.boolean(),
  profilePictureUrl: z.string().nullable().optional(),
  callBookingLink: z.string().nullable().optional(),
  companyName: z.string().nullable().optional(),
  companyPhone: z.string().nullable().optional(),
  companyEmail: z.string().nullable().optional(),
  companyLogoUrl: z.string().nullable().optional(),
  /** Owners Club: listed in the member directory, and the deal types shown there. */
  ownersClubListed: z.boolean().optional(),
  ownersClubDealTypes: z.array(z.string()).optional(),
  offerWebhookEnabled: z.boolean().optional(),
  offerWebhookUrl: z.string().nullable().optional(),
  certifiedBuyer: z.boolean().optional(),
  premium: z.boolean().optional(),
})
export type User = z.infer<typeof UserSchema>

export const UpdateLanguageInputSchema = z.object({ languagePreference: LanguageSchema })
export type UpdateLanguageInput = z.infer<typeof UpdateLanguageInputSchema>

/** `revoked`: an admin withdrew it before it was used; its link signs no one up, as an expired one. */
export const InvitationStatusSchema = z.enum(['pending', 'used', 'expired', 'revoked'])
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>

/** `GET /api/auth/validate-invitation/{token}` (public). Unknown tokens answer 404 in the error shape. */
export const InvitationValidationSchema = z.object({
  valid: z.boolean(),
  role: RoleSchema,
  /** Set when the invitation was made for one address: the sign-up form fixes it too. */
  email: z.email().nullable(),
  expiresAt: isoDate,
  status: InvitationStatusSchema,
})
export type InvitationValidation = z.infer<typeof InvitationValidationSchema>

export const SignupWithInvitationInputSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: signupNameField,
  lastName: signupNameField,
  invitationToken: z.string({ error: 'validation:invitationRequired' }).trim().min(1, {
    error: 'validation:invitationRequired',
  }),
  phoneNumber: phoneField.optional(),
  languagePreference: LanguageSchema.optional(),
})
export type SignupWithInvitationInput = z.infer<typeof SignupWithInvitationInputSchema>

/** The identity exists unconfirmed; the code to confirm it went to the e-mail address. */
export const SignupWithInvitationResultSchema = z.object({
  userId: z.string(),
  role: RoleSchema,
  userConfirmed: z.boolean(),
  codeDestination: z.string().nullable(),
})
export type SignupWithInvitationResult = z.infer<typeof SignupWithInvitationResultSchema>

/** A small arithmetic question signed by the server (spec §5 "a human check"). */
export const HumanCheckChallengeSchema = z.object({
  token: z.string(),
  a: z.number().int(),
  b: z.number().int(),
  operator: z.enum(['+', '-']),
  expiresAt: isoDate,
})
export type HumanCheckChallenge = z.infer<typeof HumanCheckChallengeSchema>

export const HumanCheckAnswerSchema = z.object({
  token: z.string().min(1, { error: 'validation:humanCheckRequired' }),
  answer: z.coerce.number({ error: 'validation:humanCheckRequired' }).int(),
})

export const RequestAccessInputSchema = z.object({
  firstName: signupNameField,
  lastName: signupNameField,
  email: emailField,
  phone: phoneField,
  /** Which side the person asks to join as: /signup/buyer or /signup/seller. */
  role: SelfServiceRoleSchema.default('buyer'),
  humanCheck: HumanCheckAnswerSchema,
  languagePreference: LanguageSchema.optional(),
})
export type RequestAccessInput = z.input<typeof RequestAccessInputSchema>

/** invited: an invitation e-mail with a sign-up link was sent; waitlisted: capacity is full. */
export const RequestAccessResultSchema = z.object({ status: z.enum(['invited', 'waitlisted']) })
export type RequestAccessResult = z.infer<typeof RequestAccessResultSchema>

export const SigninLinkInputSchema = z.object({ email: emailField, languagePreference: LanguageSchema.optional() })

/**
 * `POST /api/auth/signin-link/verify` (AWS mode): the pool's Verify Auth Challenge trigger asks whether `code`
 * is the live sign-in link code of `email`; a right answer spends it.
 */
export const SigninLinkVerifyInputSchema = z.object({
  email: z.string().trim().min(1).max(254),
  code: z.string().trim().min(1).max(200),
})
export const SigninLinkVerifyResultSchema = z.object({ valid: z.boolean() })
export type SigninLinkInput = z.infer<typeof SigninLinkInputSchema>

/** The page session's cookie lasts as long as the ID token it copies (`openPageSession`). */
export const PageSessionSchema = z.object({ expiresAt: z.iso.datetime({ offset: true }) })
