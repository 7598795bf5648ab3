import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * The test files that open the shared per-file test database: those that import `tests/server/test-db.ts`,
 * directly or through any chain of relative imports (helpers.ts and the *-helpers.ts all lead there). Only
 * these run a second time against PostgreSQL (the `server-pg` project in vitest.config.ts): a file that never
 * reaches test-db has no database to differ on. Read from the import graph at each run, so a new test that
 * gets its database the usual way is included with no list to keep. Type-only imports count too (when in
 * doubt a file runs twice, never zero times).
 */
export function testFilesReaching(root: string, testFiles: string[], target: string): string[] {
  const goal = path.resolve(root, target)
  const importersOf = new Map<string, Set<string>>()
  const queue = testFiles.map((file) => path.resolve(root, file))
  const read = new Set(queue)
  while (queue.length > 0) {
    const file = queue.pop()!
    for (const dependency of relativeImports(file)) {
      if (!importersOf.has(dependency)) importersOf.set(dependency, new Set())
      importersOf.get(dependency)!.add(file)
      if (!read.has(dependency)) {
        read.add(dependency)
        queue.push(dependency)
      }
    }
  }
  // Walk back from test-db to every file that imports it, however indirectly.
  const reaching = new Set([goal])
  const back = [goal]
  while (back.length > 0) {
    for (const importer of importersOf.get(back.pop()!) ?? []) {
      if (!reaching.has(importer)) {
        reaching.add(importer)
        back.push(importer)
      }
    }
  }
  return testFiles.filter((file) => reaching.has(path.resolve(root, file)))
}

/** Files under `dir` (relative to root) whose names end in `suffix`, as root-relative paths. */
export function filesUnder(root: string, dir: string, suffix: string): string[] {
  return (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .filter((name) => name.endsWith(suffix) && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(dir, name).split(path.sep).join('/'))
    .sort()
}

// `from './x'`, `import './x'`, `import('./x')`, `export * from './x'`; only relative specifiers.
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g

function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const match of source.matchAll(SPECIFIER)) {
    const resolved = resolveSource(path.resolve(path.dirname(file), match[1]!))
    if (resolved) found.push(resolved)
  }
  return found
}

function resolveSource(base: string): string | undefined {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')]
  return candidates.find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  )
}
