/** Where people land after signing in when no `next` was given (the listings). */
export const DEFAULT_AFTER_SIGN_IN = '/deals'

const BASE = 'https://same-site.invalid'
const SIGN_IN_PATHS = /^\/(auth|legacy-auth|reset-password|verify)(\/|\?|#|$)/

/**
 * The `next` query parameter when it is a path on this site, else the listings. Full URLs,
 * protocol-relative `//host` and backslash tricks are refused, and so are the sign-in pages (no loops).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN
  try {
    const url = new URL(next, BASE)
    if (url.origin !== BASE) return DEFAULT_AFTER_SIGN_IN
    const path = `${url.pathname}${url.search}${url.hash}`
    return SIGN_IN_PATHS.test(path) ? DEFAULT_AFTER_SIGN_IN : path
  } catch {
    return DEFAULT_AFTER_SIGN_IN
  }
}
