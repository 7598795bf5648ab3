import type { Role, User } from '../../../src/contract'
import type { Database } from '../../db/client'
import type { Identity, IdentityUser } from '../../identity/types'
import { savedProfileDocuments, type SavedDocuments } from '../profile/documents'
import {
  findUserBySub,
  insertUserIfAbsent,
  recordSignIn,
  touchLastSeen,
  updateUserRow,
  type NewUserRow,
  type UserRow,
} from './repository'
import { normalizeRoles, primaryRole } from './roles'

const LAST_SEEN_INTERVAL_SECONDS = 300

/** What the identity provider knows of a person, to start their row with (null when unknown). */
export type ProviderProfile = Pick<IdentityUser, 'attributes'> | null

/**
 * The user row for a verified token, created on first sight as a buyer (roles live here, not at
 * the identity provider) with the names, phone and language the provider holds, if any. Keeps the
 * e-mail in step with the token, since an address change is confirmed at the provider, and records
 * activity.
 */
export async function userForIdentity(
  db: Database,
  identity: Pick<Identity, 'sub' | 'email'> & Partial<Pick<Identity, 'authTime'>>,
  providerProfile: () => Promise<ProviderProfile>,
): Promise<UserRow> {
  const email = identity.email.toLowerCase()
  let row = await findUserBySub(db, identity.sub)
  if (!row) {
    const profile = await providerProfile()
    row = await insertUserIfAbsent(db, { cognitoSub: identity.sub, email, roles: ['buyer'], ...fromProvider(profile) })
  }
  if (row.email !== email && email) row = (await updateUserRow(db, row.id, { email })) ?? row
  // A sign-in is a new session at the identity provider: the token's auth_time, which refreshes keep. Read
  // here, at the first call of the session, it covers the embedded provider and AWS Cognito alike (the
  // server never sees Cognito's InitiateAuth) and the very first sign-in, before this row existed.
  const signedInAt = identity.authTime ? new Date(identity.authTime * 1000) : null
  if (signedInAt && (!row.lastSignInAt || row.lastSignInAt < signedInAt)) {
    await recordSignIn(db, row.id, signedInAt)
    row = { ...row, lastSignInAt: signedInAt }
  }
  if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_INTERVAL_SECONDS * 1000) {
    await touchLastSeen(db, row.id, LAST_SEEN_INTERVAL_SECONDS)
  }
  return row
}

function fromProvider(profile: ProviderProfile): Partial<NewUserRow> {
  if (!profile) return {}
  const { given_name, family_name, phone_number, locale } = profile.attributes
  // The provider keeps E.164; the product keeps the 10 digits of a US number.
  const phone = /^\+1\d{10}$/.test(phone_number ?? '') ? phone_number!.slice(2) : null
  const language = locale?.slice(0, 2)
  return {
    firstName: given_name?.trim() || null,
    lastName: family_name?.trim() || null,
    phone,
    ...((language === 'en' || language === 'es') && { language }),
  }
}

const hasText = (value: string | null) => value !== null && value.trim() !== ''

/**
 * The shared profileComplete rule, read in the order the SPA's completion guard picks its tab
 * (admin, owner, buyer, originator) so that the tab it sends someone to is always what is missing:
 * a hybrid buyer-seller completes with buyer preferences, an owner with a buy box.
 */
export function isProfileComplete(
  row: Pick<UserRow, 'firstName' | 'lastName' | 'phone' | 'roles'>,
  saved: SavedDocuments,
) {
  if (!hasText(row.firstName) || !hasText(row.lastName) || !hasText(row.phone)) return false
  const roles: readonly Role[] = row.roles
  if (roles.includes('admin')) return true
  if (roles.includes('owner')) return saved.buyBox
  if (roles.includes('buyer')) return saved.preferences
  if (roles.includes('originator')) return saved.sellerPreferences
  return true
}

/** From the caller's verified token; null (unverified) when the row is shown without one. */
type TokenFacts = Pick<Identity, 'emailVerified'> | null

/**
 * The contract's User for a row. Whether the e-mail is verified is the identity provider's fact,
 * read from the caller's token; groups are the roles, which the provider mirrors into the token.
 */
export function toUser(row: UserRow, saved: SavedDocuments, token: TokenFacts): User {
  const roles = normalizeRoles(row.roles)
  const isComplete = isProfileComplete(row, saved)
  return {
    userId: row.id,
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phone,
    role: primaryRole(roles),
    roles,
    cognitoGroups: roles,
    authProvider: 'cognito',
    languagePreference: row.language,
    profileComplete: isComplete,
    profileCompleted: isComplete,
    subscription_plan: null,
    subscription_status: 'none',
    created_at: row.createdAt.toISOString(),
    status: row.status,
    email_verified: token?.emailVerified ?? false,
    profilePictureUrl: row.profilePictureUrl,
    callBookingLink: row.callBookingLink,
    companyName: row.companyName,
    companyPhone: row.companyPhone,
    companyEmail: row.companyEmail,
    companyLogoUrl: row.companyLogoUrl,
    ownersClubListed: row.ownersClubListed,
    ownersClubDealTypes: row.ownersClubDealTypes,
    certifiedBuyer: row.certifiedBuyer,
    premium: row.premium,
  } satisfies User
}

/** toUser with the saved-documents facts read from the database. */
export async function loadUser(db: Database, row: UserRow, token: TokenFacts): Promise<User> {
  return toUser(row, await savedProfileDocuments(db, row.id), token)
}
