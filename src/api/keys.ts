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

export const dealKeys = {
  all: () => ['deals'] as const,
  list: (filters: unknown) => ['deals', 'list', filters] as const,
  map: (query: unknown) => ['deals', 'map', query] as const,
  extent: (filters: unknown) => ['deals', 'extent', filters] as const,
  mine: (query: unknown) => ['deals', 'mine', query] as const,
  detail: (id: string) => ['deals', 'detail', id] as const,
  history: (id: string) => ['deals', 'history', id] as const,
  interests: (id: string) => ['deals', 'interests', id] as const,
}
