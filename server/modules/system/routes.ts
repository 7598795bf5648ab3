import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src/contract'
import { checkHealth } from './service'

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health } = endpoints
  app.route({
    method: health.method,
    url: health.path,
    schema: { response: { 200: health.response } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return checkHealth(app.db)
    },
  })
}
