import { authConfig } from './config'
import { createIdentityClient, preloadSdk, type IdentityClient } from './cognito'
import { authError, NOT_CONFIGURED } from './errors'

let client: { config: unknown; value: IdentityClient } | null = null

/** The identity client for the build's configuration; rejects with NotConfigured when there is none. */
export async function identity(): Promise<IdentityClient> {
  const config = authConfig()
  if (!config) throw authError(NOT_CONFIGURED)
  if (client?.config !== config) client = { config, value: createIdentityClient(config) }
  return client.value
}

/** At start-up, before the first render: the SDK's download begins when a stored session will need it. */
export function preloadIdentity() {
  const config = authConfig()
  if (config) preloadSdk(config.clientId)
}
