import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from './service'

/** The caller's saved searches: list, save the current browse filters, rename or retune, delete. */
export const savedSearchRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.listSavedSearches, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return { items: await listSavedSearches(app.db, request.user.id) }
  })

  implement(app, endpoints.createSavedSearch, async (request) =>
    createSavedSearch(app.db, request.user.id, request.body, request.t, app.now()),
  )

  implement(app, endpoints.updateSavedSearch, async (request) =>
    updateSavedSearch(app.db, request.user.id, request.params.id, request.body, request.t, app.now()),
  )

  implement(app, endpoints.deleteSavedSearch, async (request) => {
    await deleteSavedSearch(app.db, request.user.id, request.params.id)
    return { items: await listSavedSearches(app.db, request.user.id) }
  })
}
