import { createHash, generateKeyPair } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { importJWK, type JWK } from 'jose'
import { z } from 'zod'
import type { Database } from '../db/client'
import { serverKey } from '../db/server-keys'

export type SigningKey = {
  kid: string
  privateKey: CryptoKey
  /** The public half as published in the JWKS (`kty`, `n`, `e`, `alg`, `use`, `kid`). */
  publicJwk: JWK
  /** 32 bytes derived from the private key: keys the hashes of codes and refresh tokens, signs challenge sessions. */
  secret: Buffer
}

/** The private RSA key as a JWK, as `server_keys` keeps it (the CRT members are what Node exports). */
const PrivateJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
})
type PrivateJwk = z.infer<typeof PrivateJwkSchema>

export const SIGNING_KEY_NAME = 'identity-signing-key'

/** Where the key was kept before it moved to the database (read once, to import it). */
const LEGACY_KEY_FILE = join('identity', 'signing-key.json')

/**
 * The embedded IdP's RS256 key, kept in the database (`server_keys`) so every instance on it signs and
 * verifies with the same one, whatever its DATA_DIR, and tokens survive a restart. Made on the first start
 * of a database; an install from before the move brings its DATA_DIR/identity/signing-key.json instead, so
 * the people signed in then stay signed in. Instances starting together agree on the first key written.
 */
export async function loadOrCreateSigningKey(db: Database, dataDir: string): Promise<SigningKey> {
  const privateJwk = await serverKey(
    db,
    SIGNING_KEY_NAME,
    async () => readLegacyKeyFile(join(dataDir, LEGACY_KEY_FILE)) ?? (await generateKey()),
    PrivateJwkSchema,
  )
  const publicJwk: JWK = { kty: 'RSA', n: privateJwk.n, e: privateJwk.e }
  const kid = thumbprint(publicJwk)
  const privateKey = (await importJWK({ ...privateJwk, alg: 'RS256' }, 'RS256')) as CryptoKey
  const secret = createHash('sha256').update(`keyway-identity-secret\0${privateJwk.d}`).digest()
  return { kid, privateKey, publicJwk: { ...publicJwk, alg: 'RS256', use: 'sig', kid }, secret }
}

async function generateKey(): Promise<PrivateJwk> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })
  return PrivateJwkSchema.parse(privateKey.export({ format: 'jwk' }))
}

function readLegacyKeyFile(file: string): PrivateJwk | null {
  try {
    const parsed = PrivateJwkSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** RFC 7638 thumbprint: a stable kid derived from the key itself. */
function thumbprint(jwk: JWK): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n })
  return createHash('sha256').update(canonical).digest('base64url')
}
