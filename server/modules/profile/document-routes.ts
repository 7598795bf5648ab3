import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { endpoints, type Endpoint } from '../../../src/contract'
import { getDocument, putDocument, type DocumentKind, type DocumentValue } from './documents'

/**
 * GET answers null until the first save; PUT replaces the whole document and answers it. No
 * response schema: the contract schemas normalise input with one-way transforms (blank text to
 * null), which zod cannot run backwards to serialize; the answer is already that schema's output,
 * parsed on the way in (PUT) or out of the database (GET).
 */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const register = <K extends DocumentKind>(kind: K, get: Endpoint, put: Endpoint) => {
    app.route({
      method: get.method,
      url: get.path,
      onRequest: app.requireUser,
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return getDocument(app.db, kind, request.user.id)
      },
    })
    app.route({
      method: put.method,
      url: put.path,
      onRequest: app.requireUser,
      schema: { body: put.body },
      // The body schema is this document's contract schema, so its output is the document.
      handler: async (request) => putDocument(app.db, kind, request.user.id, request.body as DocumentValue<K>),
    })
  }

  register('buyBox', endpoints.getBuyBox, endpoints.putBuyBox)
  register('preferences', endpoints.getPreferences, endpoints.putPreferences)
  register('sellerPreferences', endpoints.getSellerPreferences, endpoints.putSellerPreferences)
}
