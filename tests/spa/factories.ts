import type { User } from '@/contract'

let sequence = 0

/** A complete, contract-typed user; tests override what they care about. */
export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1
  const id = overrides.userId ?? `user-${sequence}`
  return {
    userId: id,
    id,
    email: `user${sequence}@example.com`,
    firstName: 'Maria',
    lastName: 'Lopez',
    phoneNumber: '5125550123',
    role: 'buyer',
    roles: ['buyer'],
    cognitoGroups: [],
    authProvider: 'cognito',
    languagePreference: 'en',
    profileComplete: true,
    profileCompleted: true,
    subscription_plan: null,
    subscription_status: 'none',
    created_at: '2026-01-15T10:00:00.000Z',
    status: 'active',
    email_verified: true,
    ...overrides,
  }
}
