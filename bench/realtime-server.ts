// The server side of the realtime bench, in its own process so its memory is measured without the
// 4,000 client sockets the bench process holds. Driven by the parent over IPC (see realtime.ts). It is the
// real app (embedded socket on the HTTP port, demo accounts) so a chat message can make the round trip.
import { rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { and, eq, inArray } from 'drizzle-orm'
import { endpoints, pathFor } from '../src/contract'
import { deals, users } from '../server/db/schema'
import type { EmbeddedRealtime } from '../server/realtime/embedded'
import { DEMO_PASSWORD } from '../server/modules/seed/demo-accounts'
import { openBenchMarketplace } from './marketplace'
import { benchSignIn } from './sign-in'

export type BenchRequest =
  | { id: number; type: 'authorize'; socketId: string; channel: string }
  | { id: number; type: 'memory' }
  | { id: number; type: 'trigger'; channel: string }
  | { id: number; type: 'chat-setup' }
  | { id: number; type: 'chat-send'; text: string }
  | { id: number; type: 'stop' }

// Every bench socket comes from this machine's one address: lift the per-address cap above the bench's count.
const { app, connection, dataDir } = await openBenchMarketplace('keyway-bench-realtime-', 0, {
  REALTIME_MAX_SOCKETS_PER_ADDRESS: '1000000',
})
await app.listen({ port: 0, host: '127.0.0.1' })
const realtime = app.realtime as EmbeddedRealtime
const reply = (message: Record<string, unknown>) => process.send?.(message)
const exposedGc = (globalThis as { gc?: () => void }).gc
if (!exposedGc) throw new Error('The realtime bench server needs --expose-gc to measure memory')
const gc = exposedGc

/** Full collections with a turn of the event loop between them, so what sockets freed on close is gone too. */
async function collect() {
  for (let round = 0; round < 3; round += 1) {
    gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
}
const inject = app.inject.bind(app)

/** The demo seller's headers and thread with the demo buyer, once set up. */
let chat: { seller: Record<string, string>; threadId: string } | undefined

/** The demo buyer writes to the demo seller about one of the seller's live listings. */
async function setUpChat() {
  const [buyer, seller] = await Promise.all([
    benchSignIn(inject, 'buyer@demo.test', DEMO_PASSWORD),
    benchSignIn(inject, 'seller@demo.test', DEMO_PASSWORD),
  ])
  const [sellerRow] = await app.db.select().from(users).where(eq(users.email, 'seller@demo.test'))
  const [buyerRow] = await app.db.select().from(users).where(eq(users.email, 'buyer@demo.test'))
  const [deal] = await app.db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.sellerId, sellerRow!.id), inArray(deals.status, ['active', 'exclusive'])))
    .limit(1)
  if (!deal || !buyerRow) throw new Error('The demo seller has no live listing')
  const started = await inject({
    method: 'POST',
    url: endpoints.startThread.path,
    headers: buyer,
    payload: { dealId: deal.id, message: 'Bench: is this still available?' },
  })
  if (started.statusCode !== 200) throw new Error(`startThread: ${started.statusCode} ${started.body}`)
  chat = { seller, threadId: (started.json() as { threadId: string }).threadId }
  return { buyerId: buyerRow.id, threadId: chat.threadId }
}

async function sendAsSeller(text: string) {
  if (!chat) throw new Error('chat-setup first')
  const sent = await inject({
    method: 'POST',
    url: pathFor(endpoints.sendMessage.path, { threadId: chat.threadId }),
    headers: chat.seller,
    payload: { message: text },
  })
  return sent.statusCode
}

process.on('message', (request: BenchRequest) => {
  switch (request.type) {
    case 'authorize':
      return reply({ id: request.id, auth: realtime.authorize(request.socketId, request.channel) })
    case 'memory':
      return void collect().then(() =>
        reply({ id: request.id, ...process.memoryUsage(), connections: realtime.connectionCount }),
      )
    case 'trigger':
      void realtime.trigger(request.channel, 'bench', {
        conversationId: 'c1',
        preview: 'Hello, is this still available?',
      })
      return
    case 'chat-setup':
      return void setUpChat().then((answer) => reply({ id: request.id, ...answer }))
    case 'chat-send':
      return void sendAsSeller(request.text).then((status) => reply({ id: request.id, status }))
    case 'stop':
      void app
        .close()
        .then(() => connection.close())
        .then(() => {
          rmSync(dataDir, { recursive: true, force: true })
          process.exit(0)
        })
  }
})

reply({ id: 0, port: (app.server.address() as AddressInfo).port })
