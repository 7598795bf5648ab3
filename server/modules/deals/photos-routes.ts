import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { endpoints } from '../../../src/contract'
import { deletePhoto, orderPhotos } from './photos'
import { uploadPhotos } from './photos-upload'

const dealParams = z.object({ id: z.string() })
const photoParams = z.object({ id: z.string(), photoId: z.string() })

/** A listing's photos: upload (several at once), delete one, reorder; the seller, admins and owners only. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploadDealPhotos, deleteDealPhoto, orderDealPhotos } = endpoints

  app.route({
    method: uploadDealPhotos.method,
    url: uploadDealPhotos.path,
    onRequest: app.requireUser,
    schema: { params: dealParams, response: { 200: uploadDealPhotos.response } },
    handler: (request) => uploadPhotos(app, request, request.params.id),
  })

  app.route({
    method: deleteDealPhoto.method,
    url: deleteDealPhoto.path,
    onRequest: app.requireUser,
    schema: { params: photoParams, response: { 200: deleteDealPhoto.response } },
    handler: (request) => deletePhoto(app, request, request.params.id, request.params.photoId),
  })

  app.route({
    method: orderDealPhotos.method,
    url: orderDealPhotos.path,
    onRequest: app.requireUser,
    schema: { params: dealParams, body: orderDealPhotos.body, response: { 200: orderDealPhotos.response } },
    handler: (request) => orderPhotos(app, request, request.params.id, request.body.photoIds),
  })
}
