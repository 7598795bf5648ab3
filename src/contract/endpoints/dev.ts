import { endpoint } from '../endpoint'
import { OutboxSchema } from '../admin'

export const devEndpoints = {
  devOutbox: endpoint({ method: 'GET', path: '/api/dev/outbox', auth: 'public', responses: { 200: OutboxSchema } }),
} as const
