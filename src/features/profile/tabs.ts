import { hasRole } from '@/auth'
import type { User } from '@/contract'

/** The tabs of /profile, in the order they are shown; `?tab=` picks one. */
export const PROFILE_TABS = [
  'profile',
  'buybox',
  'preferences',
  'seller-preferences',
  'company',
  'security',
  'roles',
  'invitations',
  'integrations',
] as const
export type ProfileTab = (typeof PROFILE_TABS)[number]

type TabUser = Pick<User, 'role' | 'roles' | 'cognitoGroups' | 'firstName' | 'lastName' | 'phoneNumber'>

export const isProfileTab = (value: unknown): value is ProfileTab =>
  typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value)

/**
 * Which tabs a user sees: profile, company, security and roles for everyone; buy box for buyers and
 * owners; preferences for buyers; seller preferences for originators; team invitations and integrations (the
 * offer webhook) for sellers and owners. Admins see every tab.
 */
export function visibleTabs(user: TabUser): ProfileTab[] {
  const admin = hasRole(user, 'admin')
  const buyer = admin || hasRole(user, 'buyer')
  const owner = admin || hasRole(user, 'owner')
  const originator = admin || hasRole(user, 'originator')
  const shown: Record<ProfileTab, boolean> = {
    profile: true,
    buybox: buyer || owner,
    preferences: buyer,
    'seller-preferences': originator,
    company: true,
    security: true,
    roles: true,
    invitations: originator || owner,
    integrations: originator || owner,
  }
  return PROFILE_TABS.filter((tab) => shown[tab])
}

const isBlank = (value: string | null | undefined) => !value || !value.trim()

export const hasMissingBasics = (user: Pick<User, 'firstName' | 'lastName' | 'phoneNumber'>) =>
  isBlank(user.firstName) || isBlank(user.lastName) || isBlank(user.phoneNumber)

/**
 * The tab that completes a profile (spec §4): missing first name, last name or phone, or admin →
 * profile; owner → buybox; buyer (with or without originator) → preferences; originator →
 * seller-preferences; else profile.
 */
export function roleTab(user: TabUser): ProfileTab {
  if (hasMissingBasics(user) || hasRole(user, 'admin')) return 'profile'
  if (hasRole(user, 'owner')) return 'buybox'
  if (hasRole(user, 'buyer')) return 'preferences'
  if (hasRole(user, 'originator')) return 'seller-preferences'
  return 'profile'
}
