import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// OWASP's scrypt floor is N=2^17 with r=8; 2^15 keeps a sign-in near 100 ms on a small shared machine.
// The parameters travel inside each hash, so raising them later only affects new hashes.
const PRODUCTION_N = 2 ** 15

/**
 * N for new hashes. The test suites make thousands of accounts, each hashed once and checked at sign-in:
 * at 100 ms apiece, that was minutes of CI. Under NODE_ENV=test only (Vitest sets it; so does e2e's server),
 * TEST_PASSWORD_HASH_N may lower it; anywhere else it is ignored, and passwords.test.ts keeps one check of
 * the production cost.
 */
function costN(): number {
  const wanted = Number(process.env.TEST_PASSWORD_HASH_N)
  const isPowerOfTwo = Number.isInteger(wanted) && wanted >= 2 && (wanted & (wanted - 1)) === 0
  return process.env.NODE_ENV === 'test' && isPowerOfTwo && wanted < PRODUCTION_N ? wanted : PRODUCTION_N
}
const R = 8
const P = 1
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** `scrypt$N$r$p$<salt>$<hash>` with a fresh 16-byte salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const params = { N: costN(), r: R, p: P }
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

let dummyHash: Promise<string> | undefined

/** Spends the same time as a real check, so "no such user" cannot be told from "wrong password". */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'))
  await verifyPassword(password, await dummyHash)
}

/** Keys of locales/<lng>/validation.json, the same rules as the contract's passwordField (spec §5). */
export type PasswordRule = 'passwordMin' | 'passwordUpper' | 'passwordLower' | 'passwordNumber' | 'passwordSpecial'

const RULES: { rule: PasswordRule; test: (value: string) => boolean; cognito: string }[] = [
  { rule: 'passwordMin', test: (v) => v.length >= 8, cognito: 'Password not long enough' },
  { rule: 'passwordUpper', test: (v) => /[A-Z]/.test(v), cognito: 'Password must have uppercase characters' },
  { rule: 'passwordLower', test: (v) => /[a-z]/.test(v), cognito: 'Password must have lowercase characters' },
  { rule: 'passwordNumber', test: (v) => /\d/.test(v), cognito: 'Password must have numeric characters' },
  { rule: 'passwordSpecial', test: (v) => /[^A-Za-z0-9]/.test(v), cognito: 'Password must have symbol characters' },
]

/** The first rule the password breaks, with Cognito's wording for the wire protocol; null when it passes. */
export function checkPasswordPolicy(password: string): { rule: PasswordRule; message: string } | null {
  if (password.length > 256) return { rule: 'passwordMin', message: 'Password is too long' }
  const broken = RULES.find((entry) => !entry.test(password))
  return broken ? { rule: broken.rule, message: `Password did not conform with policy: ${broken.cognito}` } : null
}
