import { endpoint } from '../endpoint'
import { OutboxQuerySchema, OutboxSchema } from '../admin'

export const devEndpoints = {
  devOutbox: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    auth: 'loopback',
    query: OutboxQuerySchema,
    responses: { 200: OutboxSchema },
  }),
} as const
