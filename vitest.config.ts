import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const src = fileURLToPath(new URL('./src', import.meta.url))

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias: { '@': src } },
        // The build stamps the translations' content hash here (vite.config.ts).
        define: { __LOCALES_VERSION__: JSON.stringify('test') },
        test: {
          name: 'spa',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}', 'tests/spa/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/spa/setup.ts'],
        },
      },
      {
        // The contract test reads the SPA's public-path rule, whose module imports the contract as `@/contract`.
        resolve: { alias: { '@': src } },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          // PGlite clones are ~0.5 s each; one per file, files run in parallel forks.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // ESLint's import rules fed one violation each (no database, no DOM).
      { test: { name: 'lint', environment: 'node', include: ['tests/lint/**/*.test.ts'], testTimeout: 60_000 } },
      // The same server tests against real PostgreSQL, only when one is given (scripts/ci-postgres.sh).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias: { '@': src } },
              test: {
                name: 'server-pg',
                environment: 'node',
                include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts'],
                globalSetup: ['tests/server/global-setup.ts'],
                env: { TEST_DB_DRIVER: 'pg' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
