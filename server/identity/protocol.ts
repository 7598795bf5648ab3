import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CognitoError } from './cognito-error'
import type { Caller, IdpContext } from './context'
import * as account from './ops-account'
import * as auth from './ops-auth'
import * as signup from './ops-signup'
import { parseAttributes } from './attributes'
import { UnstorableTextError } from '../http/text-guard'

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.'
export const IDP_PATH = '/cognito-idp/'
const JSON_1_1 = 'application/x-amz-json-1.1'

const text = z.string()
const attributeList = z.array(z.object({ Name: text, Value: text })).max(50)
// The SDK sends absent values as null (e.g. DEVICE_KEY before any device is remembered).
const stringMap = z
  .record(z.string(), z.string().nullable())
  .transform(
    (map) => Object.fromEntries(Object.entries(map).filter(([, value]) => value !== null)) as Record<string, string>,
  )

/** Request shapes, loose like Cognito's (extra members such as ClientMetadata are ignored). */
const schemas = {
  SignUp: z.object({ ClientId: text, Username: text, Password: text, UserAttributes: attributeList.nullish() }),
  ConfirmSignUp: z.object({ ClientId: text, Username: text, ConfirmationCode: text }),
  ResendConfirmationCode: z.object({ ClientId: text, Username: text }),
  ForgotPassword: z.object({ ClientId: text, Username: text }),
  ConfirmForgotPassword: z.object({ ClientId: text, Username: text, ConfirmationCode: text, Password: text }),
  InitiateAuth: z.object({ ClientId: text, AuthFlow: text, AuthParameters: stringMap.nullish() }),
  RespondToAuthChallenge: z.object({
    ClientId: text,
    ChallengeName: text,
    Session: text,
    ChallengeResponses: stringMap.nullish(),
  }),
  ChangePassword: z.object({ AccessToken: text, PreviousPassword: text, ProposedPassword: text }),
  GetUser: z.object({ AccessToken: text }),
  UpdateUserAttributes: z.object({ AccessToken: text, UserAttributes: attributeList }),
  GetUserAttributeVerificationCode: z.object({ AccessToken: text, AttributeName: text }),
  VerifyUserAttribute: z.object({ AccessToken: text, AttributeName: text, Code: text }),
  GlobalSignOut: z.object({ AccessToken: text }),
  RevokeToken: z.object({ ClientId: text, Token: text }),
  AssociateSoftwareToken: z.object({ AccessToken: text }),
  VerifySoftwareToken: z.object({ AccessToken: text, UserCode: text }),
  SetUserMFAPreference: z.object({
    AccessToken: text,
    // The SDK passes null for the kind of MFA the caller leaves alone.
    SoftwareTokenMfaSettings: z.object({ Enabled: z.boolean().nullish() }).nullish(),
    SMSMfaSettings: z.object({ Enabled: z.boolean().nullish() }).nullish(),
  }),
} as const

type Operation = keyof typeof schemas
type Handler<O extends Operation> = (
  ctx: IdpContext,
  input: z.infer<(typeof schemas)[O]>,
  caller: Caller,
) => Promise<unknown>

const handlers: { [O in Operation]: Handler<O> } = {
  SignUp: (ctx, i, caller) => {
    // Invitation-only: like a Cognito pool that allows admin-created users only.
    if (!ctx.allowSelfSignUp)
      throw new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool')
    const { attributes } = parseAttributes(i.UserAttributes?.filter((a) => a.Name !== 'email'))
    return signup.signUp(ctx, { username: i.Username, password: i.Password, attributes }, caller)
  },
  ConfirmSignUp: (ctx, i, caller) =>
    signup.confirmSignUp(ctx, { username: i.Username, code: i.ConfirmationCode }, caller),
  ResendConfirmationCode: (ctx, i, caller) => signup.resendConfirmationCode(ctx, { username: i.Username }, caller),
  ForgotPassword: (ctx, i, caller) => signup.forgotPassword(ctx, { username: i.Username }, caller),
  ConfirmForgotPassword: (ctx, i, caller) =>
    signup.confirmForgotPassword(ctx, { username: i.Username, code: i.ConfirmationCode, password: i.Password }, caller),
  InitiateAuth: (ctx, i, caller) => auth.initiateAuth(ctx, i.AuthFlow, i.AuthParameters ?? {}, caller),
  RespondToAuthChallenge: (ctx, i, caller) =>
    auth.respondToAuthChallenge(ctx, i.ChallengeName, i.Session, i.ChallengeResponses ?? {}, caller),
  ChangePassword: (ctx, i, caller) =>
    account.changePassword(
      ctx,
      { accessToken: i.AccessToken, previous: i.PreviousPassword, proposed: i.ProposedPassword },
      caller,
    ),
  GetUser: (ctx, i) => account.getUser(ctx, i.AccessToken),
  UpdateUserAttributes: (ctx, i, caller) =>
    account.updateUserAttributes(ctx, { accessToken: i.AccessToken, attributes: i.UserAttributes }, caller),
  GetUserAttributeVerificationCode: (ctx, i, caller) =>
    account.getUserAttributeVerificationCode(
      ctx,
      { accessToken: i.AccessToken, attributeName: i.AttributeName },
      caller,
    ),
  VerifyUserAttribute: (ctx, i, caller) =>
    account.verifyUserAttribute(
      ctx,
      { accessToken: i.AccessToken, attributeName: i.AttributeName, code: i.Code },
      caller,
    ),
  GlobalSignOut: (ctx, i) => account.globalSignOut(ctx, i.AccessToken),
  RevokeToken: (ctx, i) => account.revokeToken(ctx, i.Token),
  AssociateSoftwareToken: (ctx, i) => account.associateSoftwareToken(ctx, i.AccessToken),
  VerifySoftwareToken: (ctx, i, caller) =>
    account.verifySoftwareToken(ctx, { accessToken: i.AccessToken, code: i.UserCode }, caller),
  SetUserMFAPreference: (ctx, i) =>
    account.setUserMfaPreference(ctx, {
      accessToken: i.AccessToken,
      totpEnabled: i.SoftwareTokenMfaSettings?.Enabled ?? undefined,
      smsEnabled: i.SMSMfaSettings?.Enabled ?? undefined,
    }),
}

const isOperation = (name: string): name is Operation => Object.hasOwn(schemas, name)

function parseInput(operation: Operation, body: unknown) {
  const result = schemas[operation].safeParse(body ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const member = issue.path.join('.') || 'input'
  throw new CognitoError(
    'InvalidParameterException',
    issue.code === 'invalid_type' && issue.input === undefined
      ? `Missing required parameter ${member}`
      : `1 validation error detected: Value at '${member}' failed to satisfy constraint`,
  )
}

function sendCognitoError(reply: FastifyReply, error: CognitoError) {
  return reply
    .code(error.statusCode)
    .type(`${JSON_1_1}; charset=utf-8`)
    .header('x-amzn-errortype', error.type)
    .send({ __type: error.type, message: error.message })
}

/**
 * `POST /cognito-idp/`: Cognito's JSON protocol, so amazon-cognito-identity-js talks to it unchanged.
 * Registered in its own scope: the amz-json parser and Cognito-shaped errors apply here only.
 */
export async function registerProtocol(app: FastifyInstance, ctx: IdpContext) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(JSON_1_1, { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(body as string))
      } catch {
        done(new CognitoError('SerializationException', 'Start of structure or map found where not expected.'))
      }
    })
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof CognitoError) return sendCognitoError(reply, error)
      if (error instanceof UnstorableTextError) {
        // Cognito's own answer to a value outside its allowed characters.
        const member = error.field || 'input'
        return sendCognitoError(
          reply,
          new CognitoError(
            'InvalidParameterException',
            `1 validation error detected: Value at '${member}' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+`,
          ),
        )
      }
      const status = (error as { statusCode?: number }).statusCode
      if (status === 415)
        return sendCognitoError(reply, new CognitoError('SerializationException', 'Unsupported content type'))
      if (status === 413)
        return sendCognitoError(reply, new CognitoError('InvalidParameterException', 'Request too large'))
      // Any other refusal before the operation ran (a JSON body that does not parse, an empty one).
      if (status && status >= 400 && status < 500)
        return sendCognitoError(
          reply,
          new CognitoError('SerializationException', 'Start of structure or map found where not expected.'),
        )
      request.log.error({ err: error }, 'identity provider failed')
      return sendCognitoError(reply, new CognitoError('InternalErrorException', 'Internal error', 500))
    })

    // Same origin in practice; the preflight answer lets a dev server on another port call it too.
    scope.options(IDP_PATH, async (request, reply) => {
      allowOrigin(request, reply, ctx.publicUrl)
      return reply
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', 'content-type, x-amz-target, x-amz-user-agent, cache-control')
        .header('access-control-max-age', '600')
        .code(204)
        .send()
    })

    scope.post(IDP_PATH, async (request, reply) => {
      allowOrigin(request, reply, ctx.publicUrl)
      reply.header('cache-control', 'no-store')
      const target = String(request.headers['x-amz-target'] ?? '')
      const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : ''
      if (!isOperation(operation)) throw new CognitoError('UnknownOperationException', `Unknown operation ${operation}`)
      const input = parseInput(operation, request.body) as { ClientId?: string }
      if (input.ClientId !== undefined && input.ClientId !== ctx.clientId)
        throw new CognitoError('ResourceNotFoundException', `User pool client ${input.ClientId} does not exist.`)
      const caller: Caller = { address: request.ip, language: request.language }
      const answer = await (handlers[operation] as Handler<Operation>)(ctx, input as never, caller)
      return reply.type(`${JSON_1_1}; charset=utf-8`).send(JSON.stringify(answer))
    })
  })
}

function allowOrigin(request: FastifyRequest, reply: FastifyReply, publicUrl: string) {
  const origin = request.headers.origin
  if (!origin) return
  const isLocalDev =
    /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin) && /^http:\/\/(localhost|127\.0\.0\.1)/.test(publicUrl)
  if (origin === new URL(publicUrl).origin || isLocalDev) {
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin')
  }
}
