import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Resolver } from '../../server/modules/webhooks/address'

export type Received = { path: string; headers: IncomingHttpHeaders; body: string }

/**
 * A webhook receiver on this machine: records every request and answers with what `respond` says (200 by
 * default). The tests reach it through the escape hatch WEBHOOK_ALLOW_PRIVATE_TARGETS.
 */
export async function startReceiver(respond: (res: ServerResponse, received: Received) => void = okAnswer) {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(entry)
      respond(res, entry)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>

const okAnswer = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/plain' })
  res.end('ok')
}

/** A resolver answering from a table the test may change; a name not in it does not resolve. */
export function tableResolver(table: Record<string, string[]> = {}) {
  const calls: string[] = []
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname)
    const addresses = table[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return { resolve, table, calls }
}

/** Webhook headers as the standardwebhooks package wants them. */
export const webhookHeaders = (headers: IncomingHttpHeaders) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
})
