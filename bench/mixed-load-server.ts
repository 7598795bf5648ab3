// The server side of the mixed-load bench: the real app with generated listings and a few dozen signed-in
// buyers, listening on a real port in its own process (the load generator in the parent does not share its
// event loop or its core). On the embedded database (PGlite) by default; with BENCH_MIXED_DATABASE_URL it
// builds the marketplace on that PostgreSQL database instead and serves as the first of the instances.
// Driven by the parent over IPC (see mixed-load.ts).
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Session } from 'node:inspector/promises'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { rowsOf } from '../server/db/rows'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/modules/seed/demo-accounts'
import { demoPlaces } from '../server/modules/seed/listings'
import { seedAccount } from '../server/modules/seed/service'
import { benchSignIn } from './sign-in'
import { openBenchMarketplace } from './marketplace'

export type MixedBenchRequest = { type: 'profile-start' } | { type: 'profile-stop' } | { type: 'stop' }

export type MixedBuyer = { token: string; threadId: string }

export type MixedBenchAnswer =
  | {
      type: 'ready'
      port: number
      buyers: MixedBuyer[]
      /** A sample of published listings' ids, for deal pages and writes. */
      dealIds: string[]
      /** A point in each demo metro, for radius filters and map viewports. */
      cities: { city: string; state: string; lat: number; lng: number }[]
      listings: number
      seconds: number
    }
  | { type: 'profile-started' }
  | { type: 'profile'; file: string }

const LISTINGS = Number(process.env.BENCH_MIXED_LISTINGS ?? 100_000)
const BUYERS = Number(process.env.BENCH_MIXED_BUYERS ?? 40)
const DATABASE_URL = process.env.BENCH_MIXED_DATABASE_URL
const reply = (message: MixedBenchAnswer) => process.send?.(message)

const { app, connection, dataDir, seconds } = await openBenchMarketplace(
  'keyway-mixedbench-',
  LISTINGS,
  DATABASE_URL ? { DATABASE_URL } : {},
)

const sample = await rowsOf<{ id: string }>(
  connection.db,
  sql`select id from deals where status = 'active' order by md5(id::text) limit 2000`,
)
const dealIds = sample.map((row) => row.id)
if (dealIds.length === 0) throw new Error('Mixed bench: no published listing')

// Buyers complete for the buyer's profile rule (the demo buyer's profile under their own addresses), each
// signed in and with one conversation open, so a write can be a message in it.
const template = DEMO_ACCOUNTS.find((account) => account.email === 'buyer@demo.test')!
const buyers: MixedBuyer[] = []
for (let index = 0; index < BUYERS; index += 1) {
  const email = `bench-buyer-${index}@demo.test`
  await seedAccount(app, { ...template, email, phone: `62355502${String(index % 100).padStart(2, '0')}` })
  const auth = await benchSignIn((options) => app.inject(options), email, DEMO_PASSWORD)
  const thread = await app.inject({
    method: 'POST',
    url: '/api/chat/threads',
    headers: auth,
    payload: { dealId: dealIds[index % dealIds.length], message: 'Is this one still available?' },
  })
  const threadId = (thread.json() as { threadId?: string }).threadId
  if (!threadId) throw new Error(`Mixed bench: starting a thread failed: ${thread.statusCode} ${thread.body}`)
  buyers.push({ token: auth.authorization.slice('Bearer '.length), threadId })
}

const cities = (await demoPlaces()).map(({ places: [place] }) => ({
  city: place!.city,
  state: place!.state,
  lat: place!.latitude,
  lng: place!.longitude,
}))

await app.listen({ port: Number(process.env.BENCH_MIXED_PORT ?? 0), host: '127.0.0.1' })
const port = (app.server.address() as AddressInfo).port

// The inspector's Profiler in this process, around one load run only (not the data generation).
const session = new Session()
session.connect()

process.on('message', (request: MixedBenchRequest) => {
  void (async () => {
    switch (request.type) {
      case 'profile-start':
        await session.post('Profiler.enable')
        await session.post('Profiler.setSamplingInterval', { interval: 1000 })
        await session.post('Profiler.start')
        return reply({ type: 'profile-started' })
      case 'profile-stop': {
        const { profile } = await session.post('Profiler.stop')
        const file = join(dataDir, '..', `keyway-mixedbench-${process.pid}.cpuprofile`)
        writeFileSync(file, JSON.stringify(profile))
        return reply({ type: 'profile', file })
      }
      case 'stop':
        session.disconnect()
        await app.close()
        await connection.close()
        rmSync(dataDir, { recursive: true, force: true })
        process.exit(0)
    }
  })()
})

reply({ type: 'ready', port, buyers, dealIds, cities, listings: LISTINGS, seconds })
