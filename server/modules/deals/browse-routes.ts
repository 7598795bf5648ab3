import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { readAll } from '../../db/reads'
import { getSettingRemembered } from '../settings/service'
import { hasAllAccess } from '../users/roles'
import type { Viewer } from './browse-filters'
import { browseWithMatches, matchingOf } from './browse-match'
import { dealsExtent, dealsMap } from './map'
import { matchRoutes } from './match-routes'
import { photoRoutes } from './photos-routes'

/** Admins and owners see every address; everyone else sees hidden ones only on their own listings. */
export function viewerOf(request: FastifyRequest): Viewer {
  const { id, roles } = request.user
  return { id, hasAllAccess: hasAllAccess(roles) }
}

/** Browse, map and photos of listings; CRUD and status live beside them. */
export const browseRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.listDeals, async (request) => {
    const [{ listingStaleAfterDays }, matching] = await readAll(app.db, [
      () => getSettingRemembered(app.db, 'listing_freshness'),
      () => matchingOf(app.db, request.user),
    ])
    const freshness = { staleAfterDays: listingStaleAfterDays, now: app.now() }
    return browseWithMatches(app.db, request.query, viewerOf(request), matching, freshness)
  })
  implement(app, endpoints.dealsMap, (request) => dealsMap(app.db, request.query, viewerOf(request)))
  implement(app, endpoints.dealsExtent, (request) => dealsExtent(app.db, request.query, viewerOf(request)))

  await app.register(photoRoutes)
  await app.register(matchRoutes)
}
