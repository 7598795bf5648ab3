import type { WebSocket } from 'ws'
import { CHANNEL_NAME, isValidSignature, userOfChannel } from './types'

/** One open socket of the embedded server. */
export type Client = {
  /** Pusher's socket id, `<digits>.<digits>`. */
  id: string
  /** Order of arrival: a user's revocation voids the signatures of every socket opened up to it. */
  serial: number
  /** What the per-address cap counts this socket under. */
  addressKey: string
  ws: WebSocket
  channels: Set<string>
  /** Users whose `private-user-<id>` this socket holds a verified subscription to. */
  users: Set<string>
  /** Cleared at each liveness round, set by any frame or pong. */
  isAlive: boolean
  /** Runs while the socket holds no private subscription; closes it when it fires. */
  idleTimer?: NodeJS.Timeout
}

/** A socket needs one or two channels (its user's, perhaps a public one); a cap bounds what one socket costs. */
const MAX_CHANNELS_PER_SOCKET = 100
/** 4004: Pusher's "over connection quota", in the 4001–4099 range where pusher-js does not reconnect. */
const OVER_USER_QUOTA = 4004

type RegistryOptions = {
  maxSocketsPerUser: number
  /** The `auth` a subscription of this socket to this private channel must present. */
  expectedAuth(socketId: string, channel: string): string
  send(ws: WebSocket, event: string, data: unknown, channel?: string): void
  /** A `pusher:error` that leaves the socket open. */
  sendError(ws: WebSocket, code: number | null, message: string): void
  refuse(ws: WebSocket, code: number, message: string): void
}

/**
 * Who listens to what: channel → sockets, user → sockets. Subscriptions to private channels must be
 * signed for this very socket; a verified `private-user-<id>` subscription is how a socket learns its
 * user, which the per-user cap counts by.
 */
export function createChannelRegistry(options: RegistryOptions) {
  const { maxSocketsPerUser, expectedAuth, send, sendError, refuse } = options
  const byChannel = new Map<string, Set<Client>>()
  const byUser = new Map<string, Set<Client>>()
  /** User → the last socket serial whose signatures for that user no longer count. */
  const revokedUpTo = new Map<string, number>()

  const subscriptionError = (client: Client, channel: string, type: string, error: string, status: number) =>
    send(client.ws, 'pusher:subscription_error', { type, error, status }, channel)

  function subscribe(client: Client, data: unknown) {
    const { channel, auth } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      return sendError(client.ws, null, 'Invalid channel name')
    }
    if (client.channels.has(channel)) {
      // pusher-js resubscribes after a reconnect on a new socket; on the same socket, just confirm again.
      return send(client.ws, 'pusher_internal:subscription_succeeded', {}, channel)
    }
    if (channel.startsWith('presence-') || channel.startsWith('private-encrypted-')) {
      return subscriptionError(client, channel, 'UnsupportedChannel', 'Channel type not supported', 400)
    }
    if (client.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      return subscriptionError(client, channel, 'LimitReached', 'Too many channels on this socket', 429)
    }
    if (channel.startsWith('private-')) {
      if (!isValidSignature(auth, expectedAuth(client.id, channel))) {
        return subscriptionError(client, channel, 'AuthError', 'Invalid signature', 401)
      }
      const userId = userOfChannel(channel)
      // Signed before the user's access was withdrawn, for a socket already open then: no longer good.
      if (userId !== null && client.serial <= (revokedUpTo.get(userId) ?? 0)) {
        return subscriptionError(client, channel, 'AuthError', 'Authorisation withdrawn', 401)
      }
      if (userId !== null && !client.users.has(userId)) {
        const held = byUser.get(userId) ?? new Set<Client>()
        if (held.size >= maxSocketsPerUser) {
          // Refused, not reconnected: this tab falls back to polling instead of evicting another one.
          return refuse(client.ws, OVER_USER_QUOTA, 'Too many connections for this user')
        }
        held.add(client)
        byUser.set(userId, held)
        client.users.add(userId)
      }
    }
    client.channels.add(channel)
    const listeners = byChannel.get(channel) ?? new Set<Client>()
    listeners.add(client)
    byChannel.set(channel, listeners)
    send(client.ws, 'pusher_internal:subscription_succeeded', {}, channel)
  }

  function leave(client: Client, channel: string) {
    client.channels.delete(channel)
    removeFrom(byChannel, channel, client)
    const userId = userOfChannel(channel)
    if (userId !== null && client.users.delete(userId)) removeFrom(byUser, userId, client)
  }

  function unsubscribe(client: Client, data: unknown) {
    const { channel } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
    if (typeof channel === 'string' && client.channels.has(channel)) leave(client, channel)
  }

  /** Drops a closed socket from every channel and user it was counted under. */
  function forget(client: Client) {
    for (const channel of [...client.channels]) leave(client, channel)
  }

  function subscribers(channel: string): Iterable<Client> {
    return byChannel.get(channel) ?? []
  }

  /**
   * Withdraws what `userId` was signed for on sockets up to `serial` (every socket open now): their
   * sockets, for the caller to close, and no late subscription with an earlier signature.
   */
  function revoke(userId: string, serial: number): Client[] {
    revokedUpTo.set(userId, serial)
    return [...(byUser.get(userId) ?? [])]
  }

  /** Forgets revocations that no open socket can be affected by (all were opened after them). */
  function pruneRevocations(oldestOpenSerial: number) {
    for (const [userId, serial] of revokedUpTo) if (serial < oldestOpenSerial) revokedUpTo.delete(userId)
  }

  return { subscribe, unsubscribe, forget, subscribers, revoke, pruneRevocations }
}

function removeFrom(index: Map<string, Set<Client>>, name: string, client: Client) {
  const set = index.get(name)
  if (!set) return
  set.delete(client)
  if (set.size === 0) index.delete(name)
}
