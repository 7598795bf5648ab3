import { createHash, generateKeyPairSync } from 'node:crypto'
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { importJWK, type JWK } from 'jose'

export type SigningKey = {
  kid: string
  privateKey: CryptoKey
  /** The public half as published in the JWKS (`kty`, `n`, `e`, `alg`, `use`, `kid`). */
  publicJwk: JWK
  /** 32 bytes derived from the private key: keys the hashes of codes and refresh tokens, signs challenge sessions. */
  secret: Buffer
}

const KEY_FILE = 'signing-key.json'

/**
 * The embedded IdP's RS256 key: made on first start and kept in DATA_DIR/identity so tokens survive a
 * restart. Created under a temporary name and hard-linked into place, so two processes starting at once
 * (tests, a second instance) end up with the same key instead of overwriting each other's.
 */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const dir = join(dataDir, 'identity')
  const file = join(dir, KEY_FILE)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  let privateJwk = readKeyFile(file)
  if (!privateJwk) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
    writeFileSync(temporary, JSON.stringify(privateKey.export({ format: 'jwk' })), { mode: 0o600, flag: 'wx' })
    try {
      linkSync(temporary, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      rmSync(temporary, { force: true })
    }
    privateJwk = readKeyFile(file)
    if (!privateJwk) throw new Error(`Could not read the identity signing key in ${dir}`)
  }
  // A umask or a copied folder may have widened it; the key signs every session.
  chmodSync(file, 0o600)
  const publicJwk: JWK = { kty: 'RSA', n: privateJwk.n, e: privateJwk.e }
  const kid = thumbprint(publicJwk)
  const privateKey = (await importJWK({ ...privateJwk, alg: 'RS256' }, 'RS256')) as CryptoKey
  const secret = createHash('sha256').update(`keyway-identity-secret\0${privateJwk.d}`).digest()
  return { kid, privateKey, publicJwk: { ...publicJwk, alg: 'RS256', use: 'sig', kid }, secret }
}

function readKeyFile(file: string): JWK | null {
  try {
    const jwk = JSON.parse(readFileSync(file, 'utf8')) as JWK
    return jwk.kty === 'RSA' && jwk.d && jwk.n && jwk.e ? jwk : null
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
