import type { FastifyInstance } from 'fastify'
import { REALTIME_EVENTS } from '../../../src/contract'
import { privateUserChannel } from '../../realtime/types'
import { onNoticeWritten, toNotification } from './service'

/**
 * Every notice reaches its recipient's private channel as a `notification` event (the bell's item) once the
 * write that made it has committed: the bell, the seller's offers and interested buyers, and the buyer's offers
 * update at once, and polling stays the fallback. Best effort, like every push (`trigger` never throws).
 */
export function pushNotices(app: FastifyInstance) {
  const stop = onNoticeWritten(app.db, async (notice) => {
    await app.realtime.trigger(privateUserChannel(notice.userId), REALTIME_EVENTS.notification, toNotification(notice))
  })
  app.addHook('onClose', async () => stop())
}
