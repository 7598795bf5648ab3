import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { MapDemoClusters } from './service'

/** `/map-optimization-demo`'s one endpoint: generated points clustered for a viewport (admins and owners). */
export const mapDemoRoutes: FastifyPluginAsync = async (app) => {
  const clusters = new MapDemoClusters()
  app.addHook('onClose', () => clusters.close())

  implement(app, endpoints.mapDemoClusters, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return clusters.query(request.query)
  })
}
