/** Tokens are URL-safe base64 (the server makes them from 32 random bytes). */
const TOKEN = /^[A-Za-z0-9_-]{6,256}$/

/**
 * The invitation token in what a person pasted: the whole sign-up link (`…/signup?invitation=<token>`,
 * with or without the origin) or the bare token. Null when neither is there.
 */
export function parseInvitationToken(input: string): string | null {
  const value = input.trim()
  if (!value) return null
  if (TOKEN.test(value)) return value
  let url: URL
  try {
    // Any base will do: only the query string is read.
    url = new URL(value, 'https://invitation.invalid')
  } catch {
    return null
  }
  const token = url.searchParams.get('invitation') ?? url.searchParams.get('token')
  return token && TOKEN.test(token.trim()) ? token.trim() : null
}
