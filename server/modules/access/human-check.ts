import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { HumanCheckChallenge } from '../../../src/contract'
import type { Database } from '../../db/client'
import { humanCheckUses } from '../../db/schema'
import { serverKey } from '../../db/server-keys'

/** How long a question may be answered. */
export const HUMAN_CHECK_TTL_MS = 10 * 60 * 1000

type Payload = { id: string; exp: number; hash: string }

/**
 * A small arithmetic question, stateless until answered: the token carries an id, the expiry and a
 * keyed hash of the answer, signed with a secret kept in the database (any instance answers a question
 * another one asked). Answered ids are stored until they expire, so each question counts once.
 */
export type HumanCheck = {
  issue(now?: Date): HumanCheckChallenge
  /** True once per token when `answer` is right and the token is genuine and fresh. */
  verify(db: Database, token: string, answer: number, now?: Date): Promise<boolean>
}

export function createHumanCheck(secret: Buffer): HumanCheck {
  const mac = (value: string) => createHmac('sha256', secret).update(value).digest('base64url')
  const answerHash = (id: string, answer: number) => mac(`answer:${id}:${answer}`)

  return {
    issue(now = new Date()) {
      const operator = randomInt(2) === 0 ? '+' : '-'
      let a = randomInt(1, 21)
      let b = randomInt(1, 21)
      // Keep answers non-negative: a person should not have to type a minus sign.
      if (operator === '-' && b > a) [a, b] = [b, a]
      const answer = operator === '+' ? a + b : a - b
      const id = randomBytes(16).toString('base64url')
      const exp = now.getTime() + HUMAN_CHECK_TTL_MS
      const body = Buffer.from(JSON.stringify({ id, exp, hash: answerHash(id, answer) } satisfies Payload)).toString(
        'base64url',
      )
      return { token: `${body}.${mac(`token:${body}`)}`, a, b, operator, expiresAt: new Date(exp).toISOString() }
    },

    async verify(db, token, answer, now = new Date()) {
      const payload = readToken(token, (body) => mac(`token:${body}`))
      if (!payload || payload.exp <= now.getTime()) return false
      if (!sameText(payload.hash, answerHash(payload.id, answer))) return false
      await db.delete(humanCheckUses).where(lt(humanCheckUses.expiresAt, sql`now()`))
      const claimed = await db
        .insert(humanCheckUses)
        .values({ id: payload.id, expiresAt: new Date(payload.exp) })
        .onConflictDoNothing()
        .returning({ id: humanCheckUses.id })
      return claimed.length === 1
    },
  }
}

function readToken(token: string, sign: (body: string) => string): Payload | undefined {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined || !sameText(signature, sign(body))) return undefined
  try {
    const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>
    if (typeof parsed.id !== 'string' || typeof parsed.exp !== 'number' || typeof parsed.hash !== 'string') return
    return { id: parsed.id, exp: parsed.exp, hash: parsed.hash }
  } catch {
    return undefined
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const SecretSchema = z.object({ secret: z.string().min(43) })

/** Where the secret was kept before it moved to the database (read once, to import it). */
const LEGACY_SECRET_FILE = join('secrets', 'human-check.key')

/**
 * The signing secret (32 bytes), made on the first start of a database and kept in `server_keys`, so every
 * instance on it asks and answers the same questions whatever its DATA_DIR, and tokens outlive a restart. An
 * install from before the move brings its DATA_DIR/secrets/human-check.key instead (questions asked just
 * before the upgrade stay answerable; help votes keep their voter keys).
 */
export async function loadHumanCheckSecret(db: Database, dataDir: string): Promise<Buffer> {
  const { secret } = await serverKey(
    db,
    'human-check',
    () => ({ secret: readLegacySecret(join(dataDir, LEGACY_SECRET_FILE)) ?? randomBytes(32).toString('base64url') }),
    SecretSchema,
  )
  return Buffer.from(secret, 'base64url')
}

function readLegacySecret(file: string): string | null {
  try {
    const secret = readFileSync(file, 'utf8').trim()
    return Buffer.from(secret, 'base64url').length >= 32 ? secret : null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}
