import { endpoint } from '../endpoint'
import { MapDemoAnswerSchema, MapDemoQuerySchema } from '../map-demo'

export const mapDemoEndpoints = {
  /**
   * Admins and owners only: the first call for a data set builds its index (up to a million points, about a
   * second and some tens of megabytes), which no ordinary member should be able to make the server do.
   */
  mapDemoClusters: endpoint({
    method: 'GET',
    path: '/api/map-demo/clusters',
    auth: 'user',
    roles: ['admin'],
    query: MapDemoQuerySchema,
    responses: { 200: MapDemoAnswerSchema },
  }),
}
