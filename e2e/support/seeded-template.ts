/**
 * Makes the data folder every embedded e2e server starts from: the real server (server/main.ts) started once on
 * an empty folder with the environment it is given (playwright.config.ts passes an e2e server's), so it creates
 * its database, migrates and seeds it as any first start does; then stopped with SIGTERM, which closes the
 * database cleanly so the folder can be copied.
 *
 * A first start spends about 11 of its 18 s creating the cluster and seeding; a start on a copy of this folder
 * takes about 7 s, and each embedded server is started that way.
 *
 * Usage: node --import tsx e2e/support/seeded-template.ts (env: DATA_DIR, PORT, and the server's own).
 */
import { SERVER_ARGS, startServer } from './servers'

const port = Number(process.env.PORT)
if (!port || !process.env.DATA_DIR) throw new Error('seeded-template: PORT and DATA_DIR must be set')

const server = await startServer({
  name: 'seeded-template',
  args: SERVER_ARGS,
  env: {},
  healthUrl: `http://localhost:${port}/api/health`,
})
const code = await server.stop()
if (code !== 0) {
  process.stderr.write(`seeded-template: the server stopped with code ${code}\n`)
  process.exit(1)
}
