import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { lt, sql } from 'drizzle-orm'
import type { HumanCheckChallenge } from '../../../src/contract'
import type { Database } from '../../db/client'
import { humanCheckUses } from '../../db/schema'

/** How long a question may be answered. */
export const HUMAN_CHECK_TTL_MS = 10 * 60 * 1000

type Payload = { id: string; exp: number; hash: string }

/**
 * A small arithmetic question, stateless until answered: the token carries an id, the expiry and a
 * keyed hash of the answer, signed with a secret the server keeps in DATA_DIR. Answered ids are
 * stored until they expire, so each question counts once.
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

/**
 * The signing secret, made on first use and kept at DATA_DIR/secrets/human-check.key (owner-only),
 * so tokens outlive a restart. Instances that share a database must share DATA_DIR as well.
 */
export function loadHumanCheckSecret(dataDir: string): Buffer {
  const dir = join(dataDir, 'secrets')
  const file = join(dir, 'human-check.key')
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  // Written aside and linked into place, so a process starting at the same moment never reads a
  // half-written key: the link either appears complete or fails because the other one won.
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 })
    try {
      linkSync(draft, file)
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error
    } finally {
      rmSync(draft, { force: true })
    }
  }
  const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')
  if (secret.length < 32) throw new Error(`The human-check secret in ${file} is too short; delete it to make a new one`)
  return secret
}
