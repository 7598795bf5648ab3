import { defineConfig } from 'drizzle-kit'

// drizzle-kit only generates SQL from the schema here; the server applies it at start with the
// migrator of whichever driver it runs on (PGlite or node-postgres), so no credentials are needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
})
