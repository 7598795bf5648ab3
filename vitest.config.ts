import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { filesUnder, testFilesReaching } from './tests/server/sql-test-files.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const src = fileURLToPath(new URL('./src', import.meta.url))
const serverTests = ['tests/server/**/*.test.ts', 'server/**/*.test.ts']
/**
 * Every test account's password is hashed at sign-up and checked at sign-in: at production cost (about 100 ms
 * each) that was minutes of the suite. Honoured under NODE_ENV=test only (server/identity/passwords.ts);
 * tests/server/passwords.test.ts checks the production cost.
 */
const cheapPasswordHashes = { TEST_PASSWORD_HASH_N: '1024' }

/**
 * SPA test files that need modules of their own, so run isolated: their subject is a module's first load (a
 * lazy chunk or SDK not yet arrived); or they load modules afresh (vi.resetModules: a second React would
 * then meet the first); or they render the app on the server's renderer (react-dom/static), which leaves
 * its marks on the shared contexts (React: "multiple renderers", react-router: "a <Router> inside another").
 */
const spaOwnModuleTests = [
  'src/analytics/posthog.test.ts',
  'src/auth/cognito.test.ts',
  'src/features/deals-browse/browse-hydration.test.tsx',
  'tests/spa/header-deferred-menus.test.tsx',
  'tests/spa/member-page-render.test.tsx',
  'tests/spa/navigation-feedback.test.tsx',
]

/**
 * Server test files whose subject is the embedded database itself (a server process on its PGlite data folder,
 * its backup, its vacuum job): they open PGlite whichever project runs them, so the PostgreSQL project would
 * only repeat them (about 50 s of the suite).
 */
const embeddedDatabaseTests = [
  'tests/server/backup.test.ts',
  'tests/server/db-maintenance.test.ts',
  'tests/server/shutdown.test.ts',
]

/** The SPA's tests in jsdom over MSW. */
function spaProject(test: { name: string; include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    plugins: [react()],
    resolve: { alias: { '@': src } },
    // The build stamps the translations' content hash here (vite.config.ts).
    define: { __LOCALES_VERSION__: JSON.stringify('test') },
    test: {
      ...test,
      environment: 'jsdom',
      globals: true,
      setupFiles: ['tests/spa/setup.ts'],
      // A global or env a file stubs is put back after each test, never seen by the next file.
      unstubGlobals: true,
      unstubEnvs: true,
      // A page test walks a whole form in jsdom; beside the server project on 2 cores the longest came near
      // the default 5 s. A budget, not a speed check (speed is measured in bench/).
      testTimeout: 15_000,
    },
  }
}

export default defineConfig({
  test: {
    // Vitest's default for `run` is one worker fewer than the cores: ONE on a 2-core CI machine. The main
    // process mostly waits, so as many workers as cores.
    maxWorkers: availableParallelism(),
    projects: [
      spaProject({
        name: 'spa',
        include: ['src/**/*.test.{ts,tsx}', 'tests/spa/**/*.test.{ts,tsx}'],
        exclude: spaOwnModuleTests,
        // Each worker keeps its imported modules from one file to the next: jsdom, the setup and the app's
        // modules were loaded again for every file (5.5 min for the project on 2 cores, 1.6 min without).
        // Every test still renders its own app over fresh providers, storage and MSW handlers (setup.ts).
        isolate: false,
      }),
      spaProject({ name: 'spa-own-modules', include: spaOwnModuleTests, isolate: true }),
      {
        // The contract test reads the SPA's public-path rule, whose module imports the contract as `@/contract`.
        resolve: { alias: { '@': src } },
        test: {
          name: 'server',
          environment: 'node',
          include: serverTests,
          globalSetup: ['tests/server/global-setup.ts'],
          env: cheapPasswordHashes,
          // PGlite clones are ~0.5 s each; one per file, files run in parallel forks.
          // Each fork keeps its imported modules from one file to the next (the app's module graph took ~1.5 s
          // to import per file; 44 % less CPU for the project). Every file still builds its own app over its
          // own database; a file must leave nothing global behind (it restores timers, globals, listeners).
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // ESLint's import rules fed one violation each (no database, no DOM).
      { test: { name: 'lint', environment: 'node', include: ['tests/lint/**/*.test.ts'], testTimeout: 60_000 } },
      // The same server tests against real PostgreSQL, only when one is given (scripts/ci-postgres.sh): those
      // that open the shared test database (tests/server/sql-test-files.ts); the others never reach SQL.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias: { '@': src } },
              test: {
                name: 'server-pg',
                environment: 'node',
                include: testFilesReaching(
                  root,
                  [...filesUnder(root, 'tests/server', '.test.ts'), ...filesUnder(root, 'server', '.test.ts')],
                  'tests/server/test-db.ts',
                ),
                exclude: embeddedDatabaseTests,
                globalSetup: ['tests/server/global-setup.ts'],
                env: { TEST_DB_DRIVER: 'pg', ...cheapPasswordHashes },
                // A statement sent to a connection still busy with another fails the test (pg 9 refuses it).
                setupFiles: ['tests/server/pg-serial-queries.ts'],
                isolate: false,
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
