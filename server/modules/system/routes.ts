import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { openApiDocument } from '../../http/openapi'
import { APP_VERSION, checkHealth } from './service'

/** `backup`: the embedded database's copy (server/db/client.ts), absent on PostgreSQL. */
export const systemRoutes: FastifyPluginAsync<{ backup?: (() => Promise<Blob>) | undefined }> = async (
  app,
  { backup },
) => {
  implement(app, endpoints.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    // Shutting down (server/http/drain.ts): a load balancer stops sending work here.
    if (app.isDraining) throw new AppError(503, 'shutting_down', 'shuttingDown')
    return checkHealth(app.db)
  })

  // Built once: the contract does not change while the server runs.
  let document: ReturnType<typeof openApiDocument> | undefined
  implement(app, endpoints.openApi, async () => {
    document ??= openApiDocument(endpoints, APP_VERSION)
    return document
  })

  // Loopback only (the contract says so): the copy holds every account's data.
  implement(app, endpoints.databaseBackup, async (_request, reply) => {
    if (!backup) throw new AppError(409, 'backup_not_embedded', 'backupNotEmbedded')
    const tarball = Buffer.from(await (await backup()).arrayBuffer())
    const stamp = app.now().toISOString().replace(/[:.]/g, '-')
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="keyway-database-${stamp}.tar.gz"`)
      .type('application/gzip')
      .send(tarball)
  })
}
