import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { endpoints } from '../../../src/contract'
import { AppError } from '../../http/errors'
import { implement } from '../../http/implement'
import { privateUserChannel } from '../../realtime/types'

/** socket_id and channel_name take under 250 bytes; pusher-js adds nothing unless told to. */
const AUTH_BODY_LIMIT = 4096

/**
 * pusher-js asks once per (re)connection; a minute of 60 is a tab reconnecting every second. Counted per
 * user after sign-in (the preHandler hook), so people behind one office address do not share it.
 */
const AUTH_RATE_LIMIT = {
  max: 60,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `pusher-auth:${request.user?.id ?? request.ip}`,
} as const

export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  implement(app, endpoints.realtimeConfig, async () => app.realtime.clientConfig)

  // pusher-js posts its auth request form-encoded. The parser is registered inside this plugin, so
  // only these routes take form bodies: elsewhere a cross-site HTML form still cannot post anything
  // the API accepts. URLSearchParams is the platform's own parser, so no dependency is needed for it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: AUTH_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )

  implement(
    app,
    endpoints.pusherAuth,
    async (request) => {
      if (app.realtime.mode === 'off') throw new AppError(404, 'not_found', 'notFound')
      const { socket_id: socketId, channel_name: channel } = request.body
      // The only channel anyone may hold is their own notifications channel.
      if (channel !== privateUserChannel(request.user.id)) throw new AppError(403, 'forbidden', 'forbidden')
      return { auth: app.realtime.authorize(socketId, channel) }
    },
    { config: { rateLimit: AUTH_RATE_LIMIT }, bodyLimit: AUTH_BODY_LIMIT },
  )
}
