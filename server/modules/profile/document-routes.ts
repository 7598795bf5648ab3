import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { getDocument, putDocument } from './documents'

/**
 * The caller's buy box, buyer preferences and seller preferences: GET answers null until the first save
 * (never cached: another tab may save meanwhile); PUT replaces the whole document and answers it.
 */
export const documentRoutes: FastifyPluginAsync = async (app) => {
  const { getBuyBox, putBuyBox, getPreferences, putPreferences, getSellerPreferences, putSellerPreferences } = endpoints

  implement(app, getBuyBox, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return getDocument(app.db, 'buyBox', request.user.id)
  })
  implement(app, putBuyBox, async (request) => putDocument(app.db, 'buyBox', request.user.id, request.body))

  implement(app, getPreferences, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return getDocument(app.db, 'preferences', request.user.id)
  })
  implement(app, putPreferences, async (request) => putDocument(app.db, 'preferences', request.user.id, request.body))

  implement(app, getSellerPreferences, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return getDocument(app.db, 'sellerPreferences', request.user.id)
  })
  implement(app, putSellerPreferences, async (request) =>
    putDocument(app.db, 'sellerPreferences', request.user.id, request.body),
  )
}
