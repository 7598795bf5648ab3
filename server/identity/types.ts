import type { FastifyReply } from 'fastify'
import type { Database } from '../db/client'
import type { IdentityStatus } from '../db/schema/identity'
import type { ServerLanguage } from '../http/i18n'

/** Who is calling, from a verified ID token (AWS Cognito or the embedded IdP alike). */
export type Identity = {
  sub: string
  email: string
  emailVerified: boolean
  /** `cognito:groups`, empty when the user is in none. */
  groups: string[]
  /** When the person signed in (seconds since epoch), not when this token was minted. */
  authTime: number
  /** The session this token belongs to; revoking its refresh token ends it (embedded mode). */
  originJti: string | null
}

/** Standard attributes the product keeps in the identity provider besides the e-mail. */
export type IdentityAttributes = {
  given_name?: string
  family_name?: string
  phone_number?: string
  locale?: string
}

export type IdentityUser = {
  sub: string
  email: string
  emailVerified: boolean
  status: IdentityStatus
  attributes: IdentityAttributes
  groups: string[]
  mfaEnabled: boolean
  createdAt: Date
}

export type SignUpInput = {
  email: string
  password: string
  attributes: IdentityAttributes
  /** Language of the confirmation mail. */
  language: ServerLanguage
}

export type SignUpResult = {
  sub: string
  userConfirmed: boolean
  /** Masked address the code went to (`j***@e***.com`), as Cognito reports it. */
  codeDestination: string | null
}

export type AdminCreateUserInput = {
  email: string
  password: string
  attributes: IdentityAttributes
  confirmed: true
  /** The first sign-in must set a new password (NEW_PASSWORD_REQUIRED). */
  temporary?: boolean
  groups?: string[]
}

/** Optional transaction to join, so a caller's own writes and the identity's commit or fail together. */
export type WriteOptions = { db?: Database }

/**
 * What the rest of the server may ask of the identity provider (`app.idp`). The embedded IdP
 * implements all of it; in AWS mode `signUp` calls Cognito's public API and the admin-only
 * operations throw a 501 AppError (`idp_admin_unavailable`).
 */
export type IdentityProvider = {
  readonly mode: 'embedded' | 'aws'
  /** Throws AppError 409 `username_exists` (field email) or 400 `invalid_password` (field password). */
  signUp(input: SignUpInput, options?: WriteOptions): Promise<SignUpResult>
  adminCreateUser(input: AdminCreateUserInput, options?: WriteOptions): Promise<{ sub: string }>
  /** Mails a one-time sign-in link when a confirmed user has this e-mail; silently does nothing otherwise. */
  sendSigninLink(email: string, language: ServerLanguage): Promise<void>
  /** Replaces the user's groups (the roles mirrored into `cognito:groups`). */
  setGroups(sub: string, groups: readonly string[], options?: WriteOptions): Promise<void>
  /** Revokes every refresh token of the user, which also ends their current ID tokens (embedded). */
  globalSignOut(sub: string, options?: WriteOptions): Promise<void>
  findBySub(sub: string): Promise<IdentityUser | null>
  findByEmail(email: string): Promise<IdentityUser | null>
  /**
   * A disabled user cannot sign in (password, sign-in link) nor refresh: "User is disabled.", as Cognito
   * answers. Their sessions are refused, not revoked, so enabling them again resumes them.
   */
  disable(sub: string, options?: WriteOptions): Promise<void>
  enable(sub: string, options?: WriteOptions): Promise<void>
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    idp: IdentityProvider
    /** preHandler: verifies `Authorization: Bearer <ID token>` and sets `request.identity`, else 401 auth_required. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes that do not use it. */
    identity: Identity | null
  }
}
