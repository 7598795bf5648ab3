import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { deletePhoto, orderPhotos } from './photos'
import { uploadPhotos } from './photos-upload'

/** A listing's photos: upload (several at once), delete one, reorder; the seller, admins and owners only. */
export const photoRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.uploadDealPhotos, (request) => uploadPhotos(app, request, request.params.id))
  implement(app, endpoints.deleteDealPhoto, (request) =>
    deletePhoto(app, request, request.params.id, request.params.photoId),
  )
  implement(app, endpoints.orderDealPhotos, (request) =>
    orderPhotos(app, request, request.params.id, request.body.photoIds),
  )
}
