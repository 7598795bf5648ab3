import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import type { Bus } from '../db/notify'
import type { EmbeddedRealtime } from './embedded'
import { encodeEventData, type UserDisconnectReason } from './types'

/** The bus topic of the embedded socket's pushes and disconnections. */
const TOPIC = 'realtime'

type Message =
  | { type: 'trigger'; channel: string; event: string; data: unknown }
  | { type: 'disconnect'; userId: string; reason: UserDisconnectReason }
  /** An event already encoded (the Pusher HTTP API's), for every socket on `channel` but `except`'s. */
  | { type: 'deliver'; channel: string; event: string; data: string; except?: string }

/**
 * The embedded socket across instances: `trigger` and `disconnectUser` publish on the bus, and every instance
 * (this one included) applies what it receives to its own sockets, so a seller whose socket is on instance B
 * gets the event a buyer's write on instance A caused, and a deactivation on A closes the user's sockets on B.
 * Events near Pusher's 10 KB limit exceed a notification's 8000 bytes; the bus sends those by reference.
 */
export function fanOut(local: EmbeddedRealtime, bus: Bus, db: Database, log: FastifyBaseLogger): EmbeddedRealtime {
  const stop = bus.subscribe(TOPIC, (received) => {
    const message = received as Message
    if (message.type === 'trigger') void local.trigger(message.channel, message.event, message.data)
    else if (message.type === 'disconnect') void local.disconnectUser(message.userId, message.reason)
    else if (message.type === 'deliver') local.deliver(message.channel, message.event, message.data, message.except)
  })

  async function publish(message: Message): Promise<boolean> {
    try {
      await bus.publish(db, TOPIC, message)
      return true
    } catch (error) {
      // Best effort, as a push always was: the request that caused it has committed, and screens also poll.
      log.error({ err: error, type: message.type }, 'realtime publish on the bus failed')
      return false
    }
  }

  return {
    mode: local.mode,
    appId: local.appId,
    clientConfig: local.clientConfig,
    get connectionCount() {
      return local.connectionCount
    },
    authorize: (socketId, channel) => local.authorize(socketId, channel),
    disconnectAll: (code, reason) => local.disconnectAll(code, reason),
    trigger(channel, event, data) {
      // Refused here (logged once, answered false) rather than on every instance.
      if (encodeEventData(log, channel, event, data) === null) return Promise.resolve(false)
      return publish({ type: 'trigger', channel, event, data })
    },
    deliver(channel, event, data, except) {
      void publish({ type: 'deliver', channel, event, data, ...(except !== undefined && { except }) })
    },
    async disconnectUser(userId, reason) {
      await publish({ type: 'disconnect', userId, reason })
    },
    async close() {
      stop()
      await local.close()
    },
  }
}
