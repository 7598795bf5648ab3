/** Query-key factories, shared so realtime events and several features invalidate the same keys. */
export const systemKeys = {
  featureFlags: () => ['system', 'feature-flags'] as const,
}

export const authKeys = {
  me: () => ['auth', 'me'] as const,
}

export const invitationKeys = {
  all: () => ['invitations'] as const,
  mine: () => ['invitations', 'mine'] as const,
  validation: (token: string) => ['invitations', 'validation', token] as const,
}

export const accessKeys = {
  humanCheck: () => ['access', 'human-check'] as const,
}

export const profileKeys = {
  all: () => ['profile'] as const,
  buyBox: () => ['profile', 'buybox'] as const,
  preferences: () => ['profile', 'preferences'] as const,
  sellerPreferences: () => ['profile', 'seller-preferences'] as const,
  roles: () => ['profile', 'roles'] as const,
}
