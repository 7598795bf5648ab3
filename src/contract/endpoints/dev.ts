import { endpoint } from '../endpoint'
import { OutboxQuerySchema, OutboxSchema } from '../admin'
import { SmsOutboxQuerySchema, SmsOutboxSchema } from '../channels'

export const devEndpoints = {
  devOutbox: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    auth: 'loopback',
    query: OutboxQuerySchema,
    responses: { 200: OutboxSchema },
  }),
  /** The text messages this server recorded or sent, newest first (registered like the mail outbox). */
  devSmsOutbox: endpoint({
    method: 'GET',
    path: '/api/dev/sms-outbox',
    auth: 'loopback',
    query: SmsOutboxQuerySchema,
    responses: { 200: SmsOutboxSchema },
  }),
} as const
