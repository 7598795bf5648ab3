import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints } from '../../../src/contract'
import { hasAllAccess } from '../users/roles'
import type { Viewer } from './browse-filters'
import { browseDeals } from './browse'
import { dealsExtent, dealsMap } from './map'
import { photoRoutes } from './photos-routes'
import { startPriorityJob } from './priority'

/** Admins and owners see every address; everyone else sees hidden ones only on their own listings. */
export function viewerOf(request: FastifyRequest): Viewer {
  const { id, roles } = request.user
  return { id, hasAllAccess: hasAllAccess(roles) }
}

/** Browse, map and photos of listings, and the priority buyers' second wave; CRUD and status live beside them. */
export const browseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listDeals, dealsMap: mapEndpoint, dealsExtent: extentEndpoint } = endpoints

  app.route({
    method: listDeals.method,
    url: listDeals.path,
    onRequest: app.requireUser,
    schema: { querystring: listDeals.query, response: { 200: listDeals.response } },
    handler: (request) => browseDeals(app.db, request.query, viewerOf(request)),
  })

  app.route({
    method: mapEndpoint.method,
    url: mapEndpoint.path,
    onRequest: app.requireUser,
    schema: { querystring: mapEndpoint.query, response: { 200: mapEndpoint.response } },
    handler: (request) => dealsMap(app.db, request.query, viewerOf(request)),
  })

  app.route({
    method: extentEndpoint.method,
    url: extentEndpoint.path,
    onRequest: app.requireUser,
    schema: { querystring: extentEndpoint.query, response: { 200: extentEndpoint.response } },
    handler: (request) => dealsExtent(app.db, request.query, viewerOf(request)),
  })

  await app.register(photoRoutes)
  startPriorityJob(app)
}
