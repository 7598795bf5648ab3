import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../http/errors'
import { normalizePhone } from './attributes'
import type { AwsSigninLink } from './aws-signin-link'
import { CognitoError, type CognitoErrorName } from './cognito-error'
import { toAppError } from './provider'
import type { IdentityProvider } from './types'

type AwsSettings = {
  region: string
  clientId: string
  log: FastifyBaseLogger
  /** The e-mailed sign-in link, when COGNITO_TRIGGER_SECRET lets the pool's triggers check its codes. */
  signinLink: AwsSigninLink | null
}

const unavailable = () => new AppError(501, 'identity_admin_unavailable', 'identityAdminUnavailable')

/**
 * `app.idp` in AWS mode. SignUp goes through Cognito's public API (the same call the SPA's SDK makes);
 * operations that need AWS credentials (admin API) are not available and throw 501. Groups and sign-out
 * are only mirrors of what the database enforces (roles, deactivation), so those two log and continue. The
 * sign-in link is ours: we mail the code and the pool's custom-auth triggers ask us to check it.
 */
export function createAwsProvider({ region, clientId, log, signinLink }: AwsSettings): IdentityProvider {
  const endpoint = `https://cognito-idp.${region}.amazonaws.com/`

  async function call(operation: string, body: unknown): Promise<Record<string, unknown>> {
    let response: Response
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (error) {
      log.error({ err: error, operation }, 'AWS Cognito unreachable')
      throw new AppError(502, 'identity_unavailable', 'identityUnavailable')
    }
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>
    if (response.ok) return data
    const type = String(data.__type ?? 'InternalErrorException')
      .split('#')
      .pop() as CognitoErrorName
    throw new CognitoError(type, String(data.message ?? data.Message ?? 'Cognito refused the request'), response.status)
  }

  return {
    mode: 'aws',
    async signUp(input) {
      const attributes = Object.entries(input.attributes)
        .filter(([, value]) => value)
        .map(([Name, Value]) => ({ Name, Value: Name === 'phone_number' ? normalizePhone(Value!) : Value! }))
      try {
        const answer = await call('SignUp', {
          ClientId: clientId,
          Username: input.email,
          Password: input.password,
          UserAttributes: [{ Name: 'email', Value: input.email }, ...attributes],
        })
        const delivery = answer.CodeDeliveryDetails as { Destination?: string } | undefined
        return {
          sub: String(answer.UserSub),
          userConfirmed: answer.UserConfirmed === true,
          codeDestination: delivery?.Destination ?? null,
        }
      } catch (error) {
        const mapped = await toAppError(error, input.language, input.password)
        if (mapped instanceof CognitoError) {
          log.error({ type: mapped.type, message: mapped.message }, 'AWS Cognito SignUp failed')
          throw new AppError(502, 'identity_unavailable', 'identityUnavailable')
        }
        throw mapped
      }
    },
    adminCreateUser: async () => {
      throw unavailable()
    },
    async sendSigninLink(email, language) {
      if (!signinLink) throw unavailable()
      await signinLink.send(email, language)
    },
    async setGroups(sub, groups) {
      log.warn(
        { sub, groups },
        'AWS mode: cognito:groups are managed in the Cognito console; roles stay in the database',
      )
    },
    async globalSignOut(sub) {
      log.warn(
        { sub },
        'AWS mode: cannot sign a user out of Cognito without admin credentials; deactivation still applies',
      )
    },
    findBySub: async () => {
      throw unavailable()
    },
    findByEmail: async () => {
      throw unavailable()
    },
    disable: async () => {
      throw unavailable()
    },
    enable: async () => {
      throw unavailable()
    },
  }
}
