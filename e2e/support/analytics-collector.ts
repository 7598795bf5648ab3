import { createServer, type IncomingMessage, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'

/** The PostHog host the analytics e2e build names (package.json's build:e2e-analytics). */
export const COLLECTOR_PORT = 47631

export type CollectedEvent = {
  event: string
  distinctId: string
  deviceId: string | null
  url: string | null
}

const body = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })

/** What posthog-js sends: JSON, gzip'd JSON (by its bytes or `compression=gzip-js`), or a form with base64 JSON. */
function decode(raw: Buffer): unknown {
  if (raw.length === 0) return null
  const gzipped = raw[0] === 0x1f && raw[1] === 0x8b
  const text = (gzipped ? gunzipSync(raw) : raw).toString('utf8')
  if (text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data') ?? ''
    const json = data.startsWith('{') || data.startsWith('[') ? data : Buffer.from(data, 'base64').toString('utf8')
    return JSON.parse(json)
  }
  return JSON.parse(text)
}

type RawEvent = { event?: string; properties?: Record<string, unknown> }

/** One event, a list of them, or `{ batch: [...] }`. */
const eventsOf = (decoded: unknown): RawEvent[] => {
  if (Array.isArray(decoded)) return decoded as RawEvent[]
  if (decoded && typeof decoded === 'object' && 'batch' in decoded) return (decoded as { batch: RawEvent[] }).batch
  return decoded && typeof decoded === 'object' ? [decoded as RawEvent] : []
}

/**
 * A stand-in PostHog on this machine: answers the flags and remote-config calls with nothing to turn on, and
 * records every captured event. Lives as long as the test that starts it.
 */
export async function startCollector() {
  const events: CollectedEvent[] = []
  const scripts: string[] = []
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', `http://localhost:${COLLECTOR_PORT}`)
      response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*')
      response.setHeader('Access-Control-Allow-Credentials', 'true')
      response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*')
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
      if (request.method === 'OPTIONS') return response.writeHead(204).end()
      const raw = await body(request)
      requests.push(`${request.method} ${url.pathname}${url.search}`)
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname)
      if (/^\/(e|i\/v0\/e|batch|capture)\/?$/.test(url.pathname)) {
        const list = eventsOf(decode(raw))
        for (const item of list) {
          if (!item?.event) continue
          const properties = item.properties ?? {}
          events.push({
            event: item.event,
            distinctId: String(properties.distinct_id ?? ''),
            deviceId: typeof properties.$device_id === 'string' ? properties.$device_id : null,
            url: typeof properties.$current_url === 'string' ? properties.$current_url : null,
          })
        }
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":1}')
        return
      }
      // Flags and remote config: nothing on.
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ featureFlags: {}, flags: {}, sessionRecording: false, supportedCompression: [] }))
    })().catch((error: unknown) => {
      requests.push(`failed: ${String(error)}`)
      response.writeHead(400).end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(COLLECTOR_PORT, 'localhost', resolve)
  })
  return {
    events,
    scripts,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
