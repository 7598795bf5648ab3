import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** A 6-digit one-time code, uniformly drawn. */
export const generateCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0')

/** Opaque secrets handed to clients (refresh tokens), 256 bits. */
export const generateSecret = () => randomBytes(32).toString('base64url')

/**
 * Codes and refresh tokens are stored as keyed hashes: a database dump alone gives an attacker
 * nothing to replay, and the key (derived from the signing key) never sits in the database.
 */
export function createHasher(pepper: Buffer) {
  const hash = (...parts: string[]) => createHmac('sha256', pepper).update(parts.join('\0')).digest('base64url')
  return {
    hash,
    matches(stored: string, ...parts: string[]) {
      const expected = Buffer.from(stored)
      const actual = Buffer.from(hash(...parts))
      return expected.length === actual.length && timingSafeEqual(expected, actual)
    },
  }
}

export type Hasher = ReturnType<typeof createHasher>

/** `jane.doe@example.com` → `j***@e***`, the masked destination Cognito reports. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  const dot = domain.lastIndexOf('.')
  const domainName = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ''
  return `${local.slice(0, 1)}***@${domainName.slice(0, 1)}***${tld}`
}
