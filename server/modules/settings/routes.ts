import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src/contract'
import { getSetting } from './service'

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { featureFlags } = endpoints
  app.route({
    method: featureFlags.method,
    url: featureFlags.path,
    schema: { response: { 200: featureFlags.response } },
    handler: async () => getSetting(app.db, 'feature_flags'),
  })
}
