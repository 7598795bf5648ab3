import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { openApiDocument } from '../../http/openapi'
import { APP_VERSION, checkHealth } from './service'

export const systemRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.health, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return checkHealth(app.db)
  })

  // Built once: the contract does not change while the server runs.
  let document: ReturnType<typeof openApiDocument> | undefined
  implement(app, endpoints.openApi, async () => {
    document ??= openApiDocument(endpoints, APP_VERSION)
    return document
  })
}
