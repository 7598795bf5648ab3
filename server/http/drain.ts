import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** Set once shutdown has begun: health answers 503 and every answer closes its connection. */
    readonly isDraining: boolean
    /**
     * The first step of a graceful shutdown (server/main.ts), before `close()`: resolves once no request has
     * been in flight for `quietMs`, or after `maxMs`.
     */
    drain(options: { quietMs: number; maxMs: number }): Promise<void>
  }
}

const HEALTH = '/api/health'

/**
 * Draining before closing. Closing at once would drop, with a reset, a request that a client had already
 * written on a kept-alive connection the server had not read yet (it counts as idle, and idle connections
 * are closed). While draining, the server keeps listening and answering, but `Connection: close` ends each
 * connection after its answer, and the health check answers 503 so a load balancer sends new work elsewhere.
 */
export function registerDrain(app: FastifyInstance) {
  let draining = false
  let inFlight = 0
  let lastActivity = 0

  app.decorate('isDraining', {
    getter: () => draining,
  })
  app.decorate('drain', async ({ quietMs, maxMs }: { quietMs: number; maxMs: number }) => {
    draining = true
    lastActivity = Date.now()
    const deadline = Date.now() + maxMs
    const isQuiet = () => inFlight === 0 && Date.now() - lastActivity >= quietMs
    // A bounded wait of the shutdown itself (not background work): checked every 25 ms.
    while (Date.now() < deadline && !isQuiet()) await new Promise((resolve) => setTimeout(resolve, 25))
  })

  // Health probes are not work: a load balancer polling a draining instance must not keep it alive.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === HEALTH) return
    inFlight += 1
    lastActivity = Date.now()
    // 'close' comes once per answer, sent or cut off by the caller.
    reply.raw.once('close', () => {
      inFlight -= 1
      lastActivity = Date.now()
    })
  })
  // Also on answers to requests that came before the drain began.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close')
  })
}
