/** Query-key factories, shared so realtime events and several features invalidate the same keys. */
export const systemKeys = {
  featureFlags: () => ['system', 'feature-flags'] as const,
}

export const authKeys = {
  me: () => ['auth', 'me'] as const,
}
