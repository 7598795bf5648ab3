// The server side of the realtime bench, in its own process so its memory is measured without the
// 1,000 client sockets the bench process holds. Driven by the parent over IPC (see realtime.ts).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import { createEmbeddedRealtime } from '../server/realtime/embedded'

export type BenchRequest =
  | { id: number; type: 'authorize'; socketId: string; channel: string }
  | { id: number; type: 'memory' }
  | { id: number; type: 'trigger'; channel: string }
  | { id: number; type: 'stop' }

const noop = () => undefined
const log = {
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
} as unknown as FastifyBaseLogger

const server = createServer((_request, response) => response.writeHead(404).end())
const realtime = createEmbeddedRealtime({
  server,
  log,
  activityTimeoutSeconds: 120,
  maxConnections: 10_000,
  maxSocketsPerUser: 10,
})
const reply = (message: Record<string, unknown>) => process.send?.(message)
const gc = (globalThis as { gc?: () => void }).gc ?? noop

process.on('message', (request: BenchRequest) => {
  switch (request.type) {
    case 'authorize':
      return reply({ id: request.id, auth: realtime.authorize(request.socketId, request.channel) })
    case 'memory': {
      gc()
      gc()
      return reply({ id: request.id, ...process.memoryUsage(), connections: realtime.connectionCount })
    }
    case 'trigger':
      void realtime.trigger(request.channel, 'bench', {
        conversationId: 'c1',
        preview: 'Hello, is this still available?',
      })
      return
    case 'stop':
      void realtime.close().then(() => server.close(() => process.exit(0)))
  }
})

server.listen(0, '127.0.0.1', () => reply({ id: 0, port: (server.address() as AddressInfo).port }))
