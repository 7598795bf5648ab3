import { authConfig, mayHaveStoredUser } from './config'
import type { IdentityClient } from './cognito'
import { authError, NOT_CONFIGURED } from './errors'

let client: { config: unknown; value: Promise<IdentityClient> } | null = null

/**
 * The identity client for the build's configuration; rejects with NotConfigured when there is none. Its
 * code (and the SDK's) loads on first use: a visitor without a stored session needs neither to be shown a page.
 */
export async function identity(): Promise<IdentityClient> {
  const config = authConfig()
  if (!config) throw authError(NOT_CONFIGURED)
  if (client?.config !== config) {
    client = { config, value: import('./cognito').then((cognito) => cognito.createIdentityClient(config)) }
  }
  return client.value
}

/** Whether the browser may hold a session to restore (the SDK's own LastAuthUser key). */
export function mayHaveStoredSession(): boolean {
  const config = authConfig()
  return config !== null && mayHaveStoredUser(config.clientId)
}

/** At start-up, before the first render: the SDK's download begins when a stored session will need it. */
export function preloadIdentity() {
  const config = authConfig()
  if (config && mayHaveStoredUser(config.clientId)) {
    void import('./cognito').then((cognito) => cognito.preloadSdk(config.clientId)).catch(() => {})
  }
}
