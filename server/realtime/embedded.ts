import { randomInt } from 'node:crypto'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { createAddressQuota } from './address-quota'
import type { EmbeddedRealtimeSettings } from './env'
import { createChannelRegistry, type Client } from './embedded-channels'
import { encodeEventData, signChannel, type Realtime } from './types'

/** The embedded socket's app key. Public by design (as a Pusher key is); the SPA learns it from /api/config/realtime. */
export const EMBEDDED_APP_KEY = 'keyway-local'

/** Clients send only subscribe, unsubscribe and ping frames; Pusher's limit for a client message. */
const MAX_CLIENT_FRAME_BYTES = 10 * 1024
/** How long shutdown waits for clients to acknowledge the close before cutting them off. */
const CLOSE_GRACE_MS = 1_000

/** Pusher's close codes (PROTOCOLS.md): 4001–4099 refused, 4100–4199 back off, 4200–4299 reconnect at once. */
export const CloseCode = {
  appNotFound: 4001,
  /** Over a user's or an address's quota: pusher-js stops, and the SPA polls instead of evicting another tab. */
  overQuota: 4004,
  invalidVersion: 4006,
  unsupportedProtocol: 4007,
  /** Not (or no longer) authorised: pusher-js stops (Pusher's own close for a connection that never signs in). */
  unauthorized: 4009,
  overCapacity: 4100,
  reconnect: 4200,
} as const

/** How the caller's address is read from an upgrade request (the HTTP side's TRUST_PROXY rule). */
export type ClientAddress = (request: IncomingMessage) => string

export type EmbeddedRealtime = Realtime & {
  /** The app id the node answers the Pusher HTTP API for (REALTIME_APP_ID), or null when it has none. */
  readonly appId: string | null
  /** Open sockets (for the bench and tests). */
  readonly connectionCount: number
  /**
   * Sends an encoded event (`data` already the JSON string Pusher carries, checked by the caller) to this
   * process's sockets on `channel`, except the one `exceptSocketId` names (Pusher's `socket_id`).
   */
  deliver(channel: string, event: string, data: string, exceptSocketId?: string): void
  /** Closes every socket with `code` (4200: clients reconnect at once), as a restart or a network cut would. */
  disconnectAll(code?: number, reason?: string): void
}

export type EmbeddedOptions = Omit<EmbeddedRealtimeSettings, 'mode' | 'app'> & {
  /** The node's Pusher app id (REALTIME_APP_ID), when other instances trigger through its HTTP API. */
  appId?: string
  /** The app key sockets connect with (REALTIME_APP_KEY); keyway-local when left out. */
  appKey?: string
  /** Fastify's HTTP server: the socket shares its port. */
  server: Server
  log: FastifyBaseLogger
  clientAddress: ClientAddress
  /**
   * Signs and verifies private subscriptions: the node's REALTIME_APP_SECRET when set, else the same on every
   * instance (kept in the database, see registerRealtime), so a subscription one instance authorised is
   * accepted by a socket on another.
   */
  secret: string
}

/**
 * A Pusher-protocol websocket at `/app/<key>` on the app's own port (PROTOCOLS.md), so pusher-js
 * connects to it unchanged. Its events reach this process's sockets only; server/realtime/fan-out.ts carries
 * them to every instance. With the node's credentials (REALTIME_APP_*) other instances in Pusher mode also
 * trigger through its HTTP API (pusher-http-api.ts).
 */
export function createEmbeddedRealtime(options: EmbeddedOptions): EmbeddedRealtime {
  const { server, log, clientAddress, activityTimeoutSeconds, maxConnections, maxSocketsPerUser } = options
  const { maxSocketsPerAddress, subscribeTimeoutSeconds, secret } = options
  const key = options.appKey ?? EMBEDDED_APP_KEY
  const clients = new Map<string, Client>()
  const perAddress = createAddressQuota(maxSocketsPerAddress)
  let lastSerial = 0
  const registry = createChannelRegistry({
    maxSocketsPerUser,
    expectedAuth: (socketId, channel) => signChannel(key, secret, socketId, channel),
    send,
    sendError,
    refuse,
  })
  // noServer: this module decides which upgrades it takes; perMessageDeflate off: a deflate context
  // costs far more memory per idle socket than the small frames it would save.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false })
  let isClosing = false

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    // A client that resets mid-handshake must not raise an unhandled 'error' (that would stop the server).
    socket.on('error', (error) => log.debug({ err: error }, 'realtime upgrade socket error'))
    const url = new URL(request.url ?? '/', 'http://localhost')
    const appKey = /^\/app\/([^/]+)$/.exec(url.pathname)?.[1]
    // Only /app/<key> is a socket; any other upgrade is refused rather than left hanging.
    if (appKey === undefined || isClosing) {
      socket.end(`HTTP/1.1 ${isClosing ? '503 Service Unavailable' : '404 Not Found'}\r\nConnection: close\r\n\r\n`)
      return
    }
    const address = clientAddress(request)
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, appKey, url.searchParams, address))
  }
  server.on('upgrade', onUpgrade)

  function accept(ws: WebSocket, appKey: string, params: URLSearchParams, address: string) {
    ws.on('error', (error) => log.debug({ err: error }, 'realtime socket error'))
    // Refusals come after the upgrade, as pusher:error plus a close code, since browsers hide HTTP statuses.
    if (appKey !== key) return refuse(ws, CloseCode.appNotFound, `App key ${appKey.slice(0, 40)} not in use`)
    const protocol = params.get('protocol')
    if (protocol === null || !/^\d+$/.test(protocol)) return refuse(ws, CloseCode.invalidVersion, 'Invalid version')
    if (Number(protocol) < 5 || Number(protocol) > 7) {
      return refuse(ws, CloseCode.unsupportedProtocol, `Unsupported protocol version ${protocol}`)
    }
    if (clients.size >= maxConnections) {
      log.warn({ maxConnections }, 'realtime socket refused: connection cap reached')
      return refuse(ws, CloseCode.overCapacity, 'Over capacity')
    }
    const addressKey = perAddress.take(address)
    if (addressKey === null) {
      log.info({ maxSocketsPerAddress }, 'realtime socket refused: address quota reached')
      return refuse(ws, CloseCode.overQuota, 'Too many connections from this address')
    }
    const client: Client = {
      id: newSocketId(),
      serial: ++lastSerial,
      addressKey,
      ws,
      channels: new Set(),
      users: new Set(),
      isAlive: true,
    }
    clients.set(client.id, client)
    watchSubscriptions(client)
    ws.on('pong', () => (client.isAlive = true))
    ws.on('message', (raw, isBinary) => {
      // A throw in a socket listener is uncaught and would stop the whole server: contain it to this socket.
      try {
        onMessage(client, raw, isBinary)
      } catch (error) {
        log.error({ err: error }, 'realtime frame handling failed')
        ws.terminate()
      }
    })
    ws.on('close', () => {
      clearTimeout(client.idleTimer)
      clients.delete(client.id)
      perAddress.release(client.addressKey)
      registry.forget(client)
    })
    send(ws, 'pusher:connection_established', { socket_id: client.id, activity_timeout: activityTimeoutSeconds })
  }

  function onMessage(client: Client, raw: RawData, isBinary: boolean) {
    client.isAlive = true
    const message = isBinary ? undefined : parseFrame(raw)
    if (!message) return sendError(client.ws, null, 'Frames must be JSON objects with an event name')
    switch (message.event) {
      case 'pusher:ping':
        return send(client.ws, 'pusher:pong', {})
      case 'pusher:pong':
        return
      case 'pusher:subscribe':
        registry.subscribe(client, message.data)
        return watchSubscriptions(client)
      case 'pusher:unsubscribe':
        registry.unsubscribe(client, message.data)
        return watchSubscriptions(client)
      default:
        // Client events would let one browser message others unchecked; this app never needs them.
        if (message.event.startsWith('client-')) sendError(client.ws, null, 'Client events are not enabled')
    }
  }

  /**
   * The app publishes on private channels only, so a socket holding none serves nobody: one that has not
   * subscribed to one within the timeout (or has left its last) is closed, as Pusher closes connections
   * that never sign in. A script holding sockets open for nothing can then hold them a minute at most.
   */
  function watchSubscriptions(client: Client) {
    if ([...client.channels].some((channel) => channel.startsWith('private-'))) {
      clearTimeout(client.idleTimer)
      client.idleTimer = undefined
      return
    }
    client.idleTimer ??= setTimeout(() => {
      client.idleTimer = undefined
      refuse(client.ws, CloseCode.unauthorized, `No subscription within ${subscribeTimeoutSeconds} s`)
    }, subscribeTimeoutSeconds * 1000).unref()
  }

  // Liveness: a socket that answered nothing since the last round (no pong, no frame) is dead, e.g.
  // a laptop that slept or a network that vanished without a close; it is cut off and forgotten.
  const heartbeat = setInterval(() => {
    registry.pruneRevocations(clients.values().next().value?.serial ?? lastSerial + 1)
    for (const client of clients.values()) {
      if (!client.isAlive) {
        client.ws.terminate()
        continue
      }
      client.isAlive = false
      client.ws.ping()
    }
  }, activityTimeoutSeconds * 1000)
  heartbeat.unref()

  function newSocketId(): string {
    for (;;) {
      const id = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`
      if (!clients.has(id)) return id
    }
  }

  function disconnectAll(code: number = CloseCode.reconnect, reason = 'Reconnect') {
    for (const client of clients.values()) client.ws.close(code, reason)
  }

  function deliver(channel: string, event: string, data: string, exceptSocketId?: string) {
    const frame = JSON.stringify({ event, channel, data })
    for (const { id, ws } of registry.subscribers(channel)) {
      if (id !== exceptSocketId && ws.readyState === ws.OPEN) ws.send(frame)
    }
  }

  return {
    mode: 'embedded',
    appId: options.appId ?? null,
    clientConfig: { mode: 'embedded', key, cluster: 'embedded' },
    deliver,
    get connectionCount() {
      return clients.size
    },
    authorize: (socketId, channel) => signChannel(key, secret, socketId, channel),
    trigger(channel, event, data) {
      const json = encodeEventData(log, channel, event, data)
      if (json === null) return Promise.resolve(false)
      deliver(channel, event, json)
      return Promise.resolve(true)
    },
    disconnectAll,
    disconnectUser(userId, reason) {
      for (const client of registry.revoke(userId, lastSerial)) {
        if (reason === 'deactivated') refuse(client.ws, CloseCode.unauthorized, 'Account deactivated')
        else refuse(client.ws, CloseCode.reconnect, 'Authorisation changed: reconnect')
      }
      return Promise.resolve()
    },
    async close() {
      if (isClosing) return
      isClosing = true
      clearInterval(heartbeat)
      server.off('upgrade', onUpgrade)
      const open = [...clients.values()].map((client) => client.ws)
      const closed = Promise.all(open.map((ws) => new Promise((done) => ws.once('close', done))))
      // A pusher:error with 4200, then the close with it: clients reconnect at once (to another instance behind a
      // load balancer, or to this one once it is back), so a restart costs them one round of backoff at most.
      for (const ws of open) refuse(ws, CloseCode.reconnect, 'Server shutting down: reconnect')
      const grace = new Promise((done) => setTimeout(done, CLOSE_GRACE_MS).unref())
      await Promise.race([closed, grace])
      for (const ws of open) ws.terminate()
      await new Promise((done) => wss.close(done))
    },
  }
}

type Frame = { event: string; data: unknown }

/** `{ event, data }`; pusher-js sends `data` as an object, some clients as a JSON string. */
function parseFrame(raw: RawData): Frame | null {
  try {
    const parsed: unknown = JSON.parse(raw.toString())
    if (typeof parsed !== 'object' || parsed === null) return null
    const { event, data } = parsed as Record<string, unknown>
    if (typeof event !== 'string') return null
    return { event, data: typeof data === 'string' ? JSON.parse(data) : data }
  } catch {
    return null
  }
}

/** A server-to-client frame; Pusher carries `data` as a JSON string. */
function send(ws: WebSocket, event: string, data: unknown, channel?: string) {
  if (ws.readyState !== ws.OPEN) return
  ws.send(JSON.stringify({ event, ...(channel && { channel }), data: JSON.stringify(data) }))
}

/** A `pusher:error` that leaves the socket open (code null, as Pusher does for a bad frame). */
function sendError(ws: WebSocket, code: number | null, message: string) {
  if (ws.readyState !== ws.OPEN) return
  ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }))
}

/** A close frame's reason holds 123 bytes at most; ws throws past that (an uncaught throw would stop the server). */
const MAX_CLOSE_REASON_BYTES = 123

/** A `pusher:error` with `code`, then a close with the same code, which tells pusher-js what to do next. */
function refuse(ws: WebSocket, code: number, message: string) {
  sendError(ws, code, message)
  const reason = Buffer.from(message).subarray(0, MAX_CLOSE_REASON_BYTES).toString()
  ws.close(code, Buffer.byteLength(reason) <= MAX_CLOSE_REASON_BYTES ? reason : '')
}
