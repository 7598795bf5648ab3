import type { FastifyPluginAsync } from 'fastify'
import { endpoints } from '../../../src/contract'
import { implement } from '../../http/implement'
import { getSetting } from './service'

export const settingsRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.featureFlags, async () => getSetting(app.db, 'feature_flags'))
}
