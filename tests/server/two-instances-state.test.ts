import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BOOT_STATE_MARK, endpoints, HumanCheckChallengeSchema, MEMBER_MARKUP_MARK } from '../../src/contract'
import { createPglite, fromPglite, fromPgPool, MIGRATIONS_FOLDER, type DbConnection } from '../../server/db/client'
import { rowsOf } from '../../server/db/rows'
import { deals, users } from '../../server/db/schema'
import { MEMBER_RENDERS_PER_MINUTE } from '../../server/http/spa'
import { createHumanCheck } from '../../server/modules/access/human-check'
import { DEMO_ACCOUNTS } from '../../server/modules/seed/demo-accounts'
import { DEMO_LISTING_COUNT } from '../../server/modules/seed/listings'
import { seedAtStart } from '../../server/modules/seed/at-start'
import { callerWith, validProfile } from './accounts-helpers'
import { client } from './contract-client'
import { createTestApp, createTestDb, type TestApp } from './helpers'
import { signedInUser } from './identity-helpers'
import { databaseUrl, quoteIdent, withAdminClient } from './test-db'

/**
 * Two instances of the server on one database, each with its own DATA_DIR (no shared disk): what one
 * issues the other accepts, what one counts the other sees, and starting both at once on an empty
 * database migrates once and seeds once.
 */

const INDEX_HTML = '<!doctype html><html lang="en"><body><div id="root"></div></body></html>'
/** A stand-in for the SSR build (as in member-pages.test.ts): any page it renders differs from the shell. */
const RENDERER = `export async function renderMemberPage({ user }) {
  return { language: 'en', markup: '<p>' + user.email + '</p>', bootState: {} }
}`
const BUILD: Record<string, string> = {
  'index.html': INDEX_HTML,
  'prerendered/en/member-deals.html': `<!doctype html><html lang="en"><body><div id="root">${MEMBER_MARKUP_MARK}</div>${BOOT_STATE_MARK}</body></html>`,
  'server/prerender.js': RENDERER,
}
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
const JWKS = '/cognito-idp/local_keyway/.well-known/jwks.json'

const folders: string[] = []
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  folders.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

/** An install from before the keys moved to the database: its key files in its DATA_DIR. */
function legacyDataDir() {
  const dir = folder('keyway-legacy-data-')
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' })
  mkdirSync(join(dir, 'identity'), { recursive: true })
  writeFileSync(join(dir, 'identity', 'signing-key.json'), JSON.stringify(jwk), { mode: 0o600 })
  const humanCheckSecret = randomBytes(32)
  mkdirSync(join(dir, 'secrets'), { recursive: true })
  writeFileSync(join(dir, 'secrets', 'human-check.key'), humanCheckSecret.toString('base64url'), { mode: 0o600 })
  return { dir, modulus: jwk.n, humanCheckSecret }
}

/** A second connection to `connection`'s database, as another instance has: its own pool (PGlite: its own client object). */
function sameDatabase(connection: DbConnection): DbConnection {
  const client = (connection.db as unknown as { $client: unknown }).$client
  if (client instanceof pg.Pool) return fromPgPool(new pg.Pool(client.options))
  return { ...fromPglite(client as PGlite), close: async () => undefined }
}

describe('two instances on one database, each with its own DATA_DIR', () => {
  let connection: DbConnection
  let other: DbConnection
  let a: TestApp
  let b: TestApp
  let legacy: ReturnType<typeof legacyDataDir>

  beforeAll(async () => {
    connection = await createTestDb()
    const staticDir = folder('keyway-dist-')
    for (const [file, content] of Object.entries(BUILD)) {
      mkdirSync(dirname(join(staticDir, file)), { recursive: true })
      writeFileSync(join(staticDir, file), content)
    }
    // A is an existing install upgraded in place (its key files are imported); B is a new machine.
    legacy = legacyDataDir()
    a = await createTestApp({ connection, env: { DATA_DIR: legacy.dir, STATIC_DIR: staticDir } })
    other = sameDatabase(connection)
    b = await createTestApp({
      connection: other,
      env: { DATA_DIR: folder('keyway-data-b-'), STATIC_DIR: staticDir },
    })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await other?.close()
    await connection?.close()
  })

  it('publishes one signing key, the one the existing install had, and B accepts a token A issued', async () => {
    const [keysOfA, keysOfB] = await Promise.all([a.app.inject({ url: JWKS }), b.app.inject({ url: JWKS })])
    expect(keysOfA.json()).toEqual(keysOfB.json())
    // Users signed in before the upgrade stay signed in: the key is the one from A's key file.
    expect(keysOfA.json().keys).toEqual([expect.objectContaining({ n: legacy.modulus })])

    const user = await signedInUser(a.app)
    const me = await client(b.app, user).send(endpoints.me)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ email: user.email })
  })

  it('answers on B a human check asked on A, and one signed with the existing install’s key', async () => {
    const challenge = HumanCheckChallengeSchema.parse(
      (await a.app.inject({ url: '/api/auth/public-human-check' })).json(),
    )
    const solve = (c: typeof challenge) => (c.operator === '+' ? c.a + c.b : c.a - c.b)
    const ask = (check: typeof challenge, email: string) =>
      b.app.inject({
        method: 'POST',
        url: '/api/auth/public-request-access',
        payload: {
          firstName: 'Rosa',
          lastName: 'Méndez',
          email,
          phone: '(520) 555-0142',
          humanCheck: { token: check.token, answer: solve(check) },
        },
        remoteAddress: '10.27.2.1',
      })
    const answered = await ask(challenge, `two-instances-${randomBytes(4).toString('hex')}@example.test`)
    expect(answered.statusCode).toBe(200)
    const fromBefore = createHumanCheck(legacy.humanCheckSecret).issue()
    const answeredFromBefore = await ask(fromBefore, `two-instances-${randomBytes(4).toString('hex')}@example.test`)
    expect(answeredFromBefore.statusCode).toBe(200)
  })

  it('counts member-page renders across both instances', async () => {
    const buyer = await callerWith(a, ['buyer'])
    await client(a.app, buyer).ok(endpoints.updateProfile, { body: validProfile })
    const opened = await client(a.app, buyer).send(endpoints.openPageSession)
    const cookie = /page_session=[^;]+/.exec([opened.headers['set-cookie'] ?? []].flat().join('\n'))?.[0]
    expect(cookie).toBeDefined()
    const rendered = async (app: TestApp) =>
      (await app.app.inject({ url: '/deals', headers: { ...html, cookie: cookie! } })).body !== INDEX_HTML
    const half = MEMBER_RENDERS_PER_MINUTE / 2
    for (let i = 0; i < half; i++) expect(await rendered(a)).toBe(true)
    for (let i = half; i < MEMBER_RENDERS_PER_MINUTE; i++) expect(await rendered(b)).toBe(true)
    // The session's renders for the minute are spent, whichever instance it asks next.
    expect(await rendered(b)).toBe(false)
    expect(await rendered(a)).toBe(false)
  })
})

/** A database nothing has touched yet: a fresh one on the PostgreSQL server, or a fresh PGlite. */
async function emptyDatabase(): Promise<{ open(): DbConnection; drop(): Promise<void> }> {
  const template = inject('testDbTemplate')
  if (template.driver === 'pglite') {
    const client = await createPglite()
    return { open: () => ({ ...fromPglite(client), close: async () => undefined }), drop: () => client.close() }
  }
  const name = `dm_empty_${randomBytes(6).toString('hex')}`
  await withAdminClient(template.adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(name)}`))
  return {
    open: () => fromPgPool(new pg.Pool({ connectionString: databaseUrl(template.adminUrl, name) })),
    drop: () =>
      withAdminClient(template.adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`)).then(
        () => undefined,
      ),
  }
}

describe('two instances starting at once on an empty database', () => {
  let empty: Awaited<ReturnType<typeof emptyDatabase>>
  let connections: DbConnection[] = []
  let instances: TestApp[] = []

  beforeAll(async () => {
    empty = await emptyDatabase()
  })
  afterAll(async () => {
    for (const instance of instances) await instance.close()
    for (const connection of connections) await connection.close()
    await empty?.drop()
  })

  it('migrates once: both succeed and each migration is recorded once', async () => {
    connections = [empty.open(), empty.open()]
    await Promise.all(connections.map((connection) => connection.migrate()))
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[]
    }
    const [recorded] = await rowsOf<{ rows: number; distinct: number }>(
      connections[0]!.db,
      sql`select count(*)::int as rows, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    )
    expect(recorded).toEqual({ rows: journal.entries.length, distinct: journal.entries.length })
  })

  it('seeds once: one set of demo accounts and listings, and both instances list the accounts', async () => {
    instances = await Promise.all(
      connections.map((connection) => createTestApp({ connection, env: { DATA_DIR: folder('keyway-data-') } })),
    )
    const results = await Promise.all(instances.map((instance) => seedAtStart(instance.app, { demo: true })))
    const emails = DEMO_ACCOUNTS.map((account) => account.email)
    for (const result of results) expect(result?.accounts.map((account) => account.email)).toEqual(emails)
    const db = connections[0]!.db
    const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))
    expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort())
    expect(await db.$count(deals)).toBe(DEMO_LISTING_COUNT)
  })
})
