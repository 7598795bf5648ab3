import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { listDeliveries, sendTest } from './deliveries'
import { getSettings, rotateSecret, updateSettings } from './settings'

/** The caller's own offer webhook: settings, the signing secret, a test event and the recent deliveries. */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.getWebhookSettings, async (request) => getSettings(app, request.user.id))

  implement(app, endpoints.updateWebhookSettings, async (request) =>
    updateSettings(app, request.user.id, request.body, request.t),
  )

  implement(app, endpoints.rotateWebhookSecret, async (request) => rotateSecret(app, request.user.id))

  implement(app, endpoints.sendWebhookTest, async (request) => sendTest(app, request.user.id))

  implement(app, endpoints.listWebhookDeliveries, async (request) => ({
    items: await listDeliveries(app, request.user.id),
  }))
}
