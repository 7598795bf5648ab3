import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { filesUnder, testFilesReaching } from './sql-test-files'

describe('which server test files also run on PostgreSQL (server-pg)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dealmarket-sql-files-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const write = (file: string, source: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), source)
  }

  it('takes every file that imports the test database, however indirectly, and no other', () => {
    write('tests/server/test-db.ts', `import pg from 'pg'\nexport const open = () => pg`)
    write('tests/server/helpers.ts', `import { open } from './test-db'\nexport { open }`)
    write('tests/server/more-helpers.ts', `export * from './helpers.ts'`)
    write('tests/server/direct.test.ts', `import { open } from './test-db'`)
    write('tests/server/through-helpers.test.ts', `import {\n  open,\n  type X,\n} from './more-helpers'`)
    write('tests/server/type-only.test.ts', `import type { open } from './helpers'`)
    write('tests/server/dynamic.test.ts', `const helpers = await import('./helpers')`)
    write('tests/server/cycle-a.ts', `import './cycle-b'\nexport const a = 1`)
    write('tests/server/cycle-b.ts', `import { a } from './cycle-a'\nimport './helpers'`)
    write('tests/server/cycle.test.ts', `import { a } from './cycle-a'`)
    write(
      'tests/server/pure.test.ts',
      `import { describe } from 'vitest'\nimport { toCsv } from '../../server/lib/csv'`,
    )
    write('server/lib/csv.ts', `export const toCsv = () => ''`)
    write('server/lib/csv.test.ts', `import { toCsv } from './csv'`)

    const tests = [...filesUnder(root, 'tests/server', '.test.ts'), ...filesUnder(root, 'server', '.test.ts')]
    expect(tests).toHaveLength(7)
    expect(testFilesReaching(root, tests, 'tests/server/test-db.ts')).toEqual([
      'tests/server/cycle.test.ts',
      'tests/server/direct.test.ts',
      'tests/server/dynamic.test.ts',
      'tests/server/through-helpers.test.ts',
      'tests/server/type-only.test.ts',
    ])
  })

  it('includes every test file of this repository that asks for a test app or database', () => {
    const repo = fileURLToPath(new URL('../..', import.meta.url))
    const tests = [...filesUnder(repo, 'tests/server', '.test.ts'), ...filesUnder(repo, 'server', '.test.ts')]
    const askers = tests.filter((file) =>
      /\b(createTestApp|createTestDb|openTestDatabase)\(/.test(readFileSync(path.join(repo, file), 'utf8')),
    )
    expect(askers.length).toBeGreaterThan(40)
    const chosen = testFilesReaching(repo, tests, 'tests/server/test-db.ts')
    expect(askers.filter((file) => !chosen.includes(file))).toEqual([])
  })
})
