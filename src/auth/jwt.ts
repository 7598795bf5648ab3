/** A JWT is three dot-separated parts; anything else in storage is corrupt (spec §4). */
export const isWellFormedJwt = (token: string | null | undefined): token is string =>
  typeof token === 'string' && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token)

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The claims of a JWT, unverified (the server verifies; the SPA only reads expiry and groups). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  if (!isWellFormedJwt(token)) return null
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(token.split('.')[1] ?? ''))
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Expiry in epoch milliseconds, or null when the token has none. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : null
}
