import type { FastifyInstance } from 'fastify'
import type { REALTIME_EVENTS, NewMessageEvent, NewThreadEvent, ThreadBlockedEvent } from '../../../src/contract'
import { privateUserChannel } from '../../realtime/types'

/** A realtime event for one user's private channel, sent once the transaction has committed. */
export type ChatPush =
  | { userId: string; event: typeof REALTIME_EVENTS.newMessage; data: NewMessageEvent }
  | { userId: string; event: typeof REALTIME_EVENTS.newThread; data: NewThreadEvent }
  | { userId: string; event: typeof REALTIME_EVENTS.threadBlocked; data: ThreadBlockedEvent }

/** Sends the events of a committed write. Best effort: a failed push is logged, the request still succeeds. */
export async function pushChatEvents(app: FastifyInstance, pushes: ChatPush[]): Promise<void> {
  for (const push of pushes) {
    try {
      await app.realtime.trigger(privateUserChannel(push.userId), push.event, push.data)
    } catch (error) {
      app.log.error({ err: error, event: push.event }, 'realtime push failed')
    }
  }
}
