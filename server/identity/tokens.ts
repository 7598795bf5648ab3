import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { IdentityUserRow } from './repository'
import type { SigningKey } from './keys'

export type TokenSettings = {
  issuer: string
  clientId: string
  idTokenTtlSeconds: number
  key: SigningKey
}

export type MintedTokens = { idToken: string; accessToken: string; expiresIn: number }

const seconds = (at: Date) => Math.floor(at.getTime() / 1000)

/** ID and access tokens with Cognito's claim set (PROTOCOLS.md), both tied to one session (`origin_jti`). */
export async function mintTokens(
  settings: TokenSettings,
  user: IdentityUserRow,
  session: { originJti: string; authTime: Date },
  now: Date,
): Promise<MintedTokens> {
  const iat = seconds(now)
  const exp = iat + settings.idTokenTtlSeconds
  const header = { alg: 'RS256', kid: settings.key.kid, typ: 'JWT' }
  const attributes = user.attributes
  const idClaims = {
    email: user.email,
    email_verified: user.emailVerified,
    ...(user.groups.length > 0 && { 'cognito:groups': user.groups }),
    'cognito:username': user.sub,
    ...(attributes.given_name && { given_name: attributes.given_name }),
    ...(attributes.family_name && { family_name: attributes.family_name }),
    ...(attributes.phone_number && { phone_number: attributes.phone_number }),
    ...(attributes.locale && { locale: attributes.locale }),
    token_use: 'id',
    auth_time: seconds(session.authTime),
    origin_jti: session.originJti,
  }
  const idToken = await new SignJWT(idClaims)
    .setProtectedHeader(header)
    .setSubject(user.sub)
    .setIssuer(settings.issuer)
    .setAudience(settings.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(settings.key.privateKey)
  const accessToken = await new SignJWT({
    ...(user.groups.length > 0 && { 'cognito:groups': user.groups }),
    client_id: settings.clientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: seconds(session.authTime),
    username: user.sub,
    origin_jti: session.originJti,
  })
    .setProtectedHeader(header)
    .setSubject(user.sub)
    .setIssuer(settings.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(settings.key.privateKey)
  return { idToken, accessToken, expiresIn: settings.idTokenTtlSeconds }
}

/** What a challenge `Session` string carries between InitiateAuth and RespondToAuthChallenge. */
export type ChallengeSession = {
  challenge: 'NEW_PASSWORD_REQUIRED' | 'CUSTOM_CHALLENGE' | 'SOFTWARE_TOKEN_MFA' | 'MFA_SETUP'
  /** Null for a challenge handed to an unknown username, so it looks the same and always fails. */
  sub: string | null
  username: string
  /** For SOFTWARE_TOKEN_MFA reached through a sign-in link or a new password: how the first factor passed. */
  authTime: number
}

// Cognito sessions last 3 minutes by default; 5 leaves time to open an authenticator app.
const SESSION_TTL_SECONDS = 300

/**
 * Sessions are short JWTs signed with a key that only this server holds (HS256 over the pepper), with
 * their own audience so they can never pass as an ID or access token.
 */
export function createSessionCodec(secret: Uint8Array, issuer: string) {
  const audience = `${issuer}#challenge`
  return {
    async encode(session: ChallengeSession, now: Date): Promise<string> {
      const { sub, ...rest } = session
      return new SignJWT({ ...rest, uid: sub })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(seconds(now))
        .setExpirationTime(seconds(now) + SESSION_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(secret)
    },
    async decode(token: string, now: Date): Promise<ChallengeSession | null> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer,
          audience,
          algorithms: ['HS256'],
          currentDate: now,
        })
        const { challenge, uid, username, authTime } = payload as Record<string, unknown>
        return {
          challenge: challenge as ChallengeSession['challenge'],
          sub: typeof uid === 'string' ? uid : null,
          username: String(username),
          authTime: Number(authTime),
        }
      } catch {
        return null
      }
    },
  }
}

export type SessionCodec = ReturnType<typeof createSessionCodec>
