import { createHash, createHmac } from 'node:crypto'
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CHANNEL_NAME, EVENT_NAME, isValidSignature, MAX_EVENT_DATA_BYTES } from './types'

/** Pusher refuses a request whose auth_timestamp is further than this from its clock. */
export const MAX_TIMESTAMP_SKEW_SECONDS = 600
/** Pusher's limits: channels of one trigger, events of one batch trigger. */
export const MAX_CHANNELS_PER_TRIGGER = 100
export const MAX_EVENTS_PER_BATCH = 10
/**
 * Ten events of 10 KB, each a JSON string inside JSON (escaping can double it), with their channel
 * names: anything larger cannot be a valid batch, and is refused (413) before it is read whole.
 */
const BODY_LIMIT = 256 * 1024

export type PusherHttpApiOptions = {
  appId: string
  key: string
  secret: string
  /** The embedded socket's delivery to this process's sockets (EmbeddedRealtime.deliver). */
  deliver(channel: string, event: string, data: string, exceptSocketId?: string): void
  /**
   * Pusher's "terminate user connections": the node ends the sockets holding the user's channel and they
   * reconnect, to be authorised again by the instance they ask (which refuses a deactivated account).
   */
  terminateUserConnections(userId: string): Promise<void>
  now(): Date
  log: FastifyBaseLogger
}

const SOCKET_ID = z
  .string()
  .max(40)
  .regex(/^\d+\.\d+$/)
const EventFields = {
  name: z.string().regex(EVENT_NAME),
  /** Pusher carries data as a string (the SDK sends JSON text); it is delivered as is. */
  data: z.string(),
  socket_id: SOCKET_ID.optional(),
}
const Channel = z.string().regex(CHANNEL_NAME)
/** A user id fit for `private-user-<id>` (Pusher's channel alphabet and length). */
const USER_ID = /^[-a-zA-Z0-9_=@,.;]{1,150}$/

const TriggerSchema = z
  .object({
    ...EventFields,
    channel: Channel.optional(),
    channels: z.array(Channel).min(1).max(MAX_CHANNELS_PER_TRIGGER).optional(),
  })
  .refine((body) => (body.channel === undefined) !== (body.channels === undefined), 'give channel or channels')
const BatchSchema = z.object({
  batch: z.array(z.object({ ...EventFields, channel: Channel })).max(MAX_EVENTS_PER_BATCH),
})

type Delivery = { channels: string[]; name: string; data: string; socket_id?: string | undefined }

/** A refusal with Pusher's status code and a plain-text reason, as Pusher answers. */
class Refusal extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 413,
    message: string,
  ) {
    super(message)
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex')

/**
 * The part of Pusher's HTTP API that the official `pusher` server SDK calls to publish: `POST
 * /apps/<id>/events` and `/apps/<id>/batch_events`, and `/apps/<id>/users/<id>/terminate_connections`, signed and checked as Pusher does (PROTOCOLS.md). With
 * it the embedded socket is one shared realtime node: other instances in Pusher mode (PUSHER_HOST pointing
 * here) trigger through it, and browsers connected to it receive. These are the Pusher wire protocol, not
 * product endpoints, so they live outside /api and the contract, as the identity provider's /cognito-idp/ does.
 */
export function pusherHttpApi(options: PusherHttpApiOptions): FastifyPluginAsync {
  const { appId, key, secret, deliver, terminateUserConnections, now, log } = options

  /** Pusher's request signature: auth_key, auth_timestamp, auth_version, body_md5, auth_signature. */
  function checkSignature(request: FastifyRequest, path: string, body: string) {
    const queryStart = request.url.indexOf('?')
    const params = new URLSearchParams(queryStart === -1 ? '' : request.url.slice(queryStart + 1))
    const query = new Map<string, string>()
    for (const [name, value] of params) {
      if (query.has(name)) throw new Refusal(401, `Duplicate query parameter ${name.slice(0, 40)}`)
      query.set(name, value)
    }
    if (query.get('auth_key') !== key) throw new Refusal(401, 'Unknown auth_key')
    if (query.get('auth_version') !== '1.0') throw new Refusal(401, 'auth_version must be 1.0')
    const timestamp = query.get('auth_timestamp') ?? ''
    const serverTime = Math.floor(now().getTime() / 1000)
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(serverTime - Number(timestamp)) > MAX_TIMESTAMP_SKEW_SECONDS) {
      throw new Refusal(
        401,
        `Timestamp expired: given timestamp not within ${MAX_TIMESTAMP_SKEW_SECONDS}s of server time ${serverTime}`,
      )
    }
    if ((body.length > 0 || query.has('body_md5')) && query.get('body_md5') !== md5(body)) {
      throw new Refusal(401, 'body_md5 does not match the body')
    }
    const signed = [...query]
      .filter(([name]) => name !== 'auth_signature')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&')
    const expected = createHmac('sha256', secret).update(`POST\n${path}\n${signed}`).digest('hex')
    if (!isValidSignature(query.get('auth_signature'), expected)) {
      throw new Refusal(401, 'Invalid signature: expected HMAC SHA256 hex digest of POST, path and sorted query')
    }
  }

  function parseBody(body: string, isBatch: boolean): Delivery[] {
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      throw new Refusal(400, 'Request body is not valid JSON')
    }
    let deliveries: Delivery[]
    if (isBatch) {
      const parsed = BatchSchema.safeParse(json)
      if (!parsed.success) throw new Refusal(400, `Invalid batch: ${describe(parsed.error)}`)
      deliveries = parsed.data.batch.map(({ channel, ...event }) => ({ ...event, channels: [channel] }))
    } else {
      const parsed = TriggerSchema.safeParse(json)
      if (!parsed.success) throw new Refusal(400, `Invalid event: ${describe(parsed.error)}`)
      const { channel, channels, ...event } = parsed.data
      deliveries = [{ ...event, channels: channels ?? [channel!] }]
    }
    if (deliveries.some(({ data }) => Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES)) {
      throw new Refusal(413, `Event data over ${MAX_EVENT_DATA_BYTES} bytes`)
    }
    return deliveries
  }

  type Params = { appId?: string; userId?: string }
  /** A signed request for this app: `act` runs on its body and params once every check has passed. */
  const handle =
    (act: (body: string, params: Params) => Promise<void>) => async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const path = request.url.split('?')[0] ?? ''
        const params = request.params as Params
        if (params.appId !== appId) throw new Refusal(404, 'Unknown app')
        const body = typeof request.body === 'string' ? request.body : ''
        checkSignature(request, path, body)
        await act(body, params)
        return await reply.code(200).send({})
      } catch (error) {
        if (!(error instanceof Refusal)) throw error
        // A 401 or 404 here is usually an instance configured with the wrong PUSHER_* settings: say so.
        const level = error.status === 401 || error.status === 404 ? 'warn' : 'info'
        log[level]({ status: error.status, reason: error.message }, 'realtime: Pusher HTTP API request refused')
        return reply.code(error.status).type('text/plain; charset=utf-8').send(error.message)
      }
    }

  return async (scope) => {
    // The signature covers the body's exact bytes (body_md5): read it as text, whatever its content type.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    )
    const publish = (isBatch: boolean) => (body: string) => {
      for (const { channels, name, data, socket_id: except } of parseBody(body, isBatch)) {
        for (const channel of channels) deliver(channel, name, data, except)
      }
      return Promise.resolve()
    }
    scope.post('/apps/:appId/events', handle(publish(false)))
    scope.post('/apps/:appId/batch_events', handle(publish(true)))
    scope.post(
      '/apps/:appId/users/:userId/terminate_connections',
      handle(async (_body, { userId = '' }) => {
        if (!USER_ID.test(userId)) throw new Refusal(400, 'Invalid user id')
        await terminateUserConnections(userId)
      }),
    )
  }
}

/** The first issue of a refused body, for the plain-text answer (field path and message). */
function describe(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid'
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}
