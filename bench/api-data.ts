import zipcodes from 'zipcodes'
import type { Database } from '../server/db/client'
import { deals } from '../server/db/schema'
import { DEMO_METROS, generateListing, seededRandom, type Place } from '../server/modules/seed/listings-data'
import { demoPlaces } from '../server/modules/seed/listings'

const BATCH = 800

/** Every real ZIP with a position (the dataset lists military codes at 0,0), for a country-wide spread. */
function allPlaces(): Place[] {
  return Object.values(zipcodes.codes)
    .filter((z) => z.latitude !== 0 && z.longitude !== 0 && z.state && z.state.length === 2)
    .map((z) => ({
      zip: String(z.zip),
      city: z.city,
      state: z.state,
      latitude: Number(z.latitude),
      longitude: Number(z.longitude),
    }))
}

/**
 * `count` listings spread like a real marketplace: 60% in the busy metros, the rest across every US
 * ZIP code, from the same generator as the demo data (seeded, so every run measures the same rows).
 */
export async function generateBenchListings(db: Database, sellerIds: string[], count: number, now: Date) {
  const random = seededRandom(424_242)
  const metros = await demoPlaces()
  const country = allPlaces()
  for (let start = 0; start < count; start += BATCH) {
    const rows = []
    for (let index = start; index < Math.min(start + BATCH, count); index += 1) {
      const inMetro = random.chance(0.6)
      const metro = metros[index % metros.length]!
      const place = inMetro ? random.pick(metro.places) : random.pick(country)
      const basePrice = inMetro ? metro.basePrice : DEMO_METROS[index % DEMO_METROS.length]![2]
      rows.push(generateListing(random, place, sellerIds[index % sellerIds.length]!, basePrice, now, index).row)
    }
    await db.insert(deals).values(rows)
  }
}
