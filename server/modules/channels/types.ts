import type { Database } from '../../db/client'

/**
 * The alert channels beyond the in-app notice and e-mail (issue 25): a text message and a browser push.
 * Both are recorded in the caller's transaction and delivered by a job after the commit; quiet hours
 * (9 pm–8 am in `timeZone`) hold them until 8 am. The sms and push modules implement them.
 */
export type TextMessage = { userId: string; to: string; text: string; timeZone: string }
export type PushMessage = { userId: string; title: string; body: string; path: string; timeZone: string }

export type SmsService = { send(db: Database, message: TextMessage): Promise<void> }
export type PushService = { send(db: Database, message: PushMessage): Promise<void> }

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    sms: SmsService
    push: PushService
  }
}
