import type { FastifyInstance } from 'fastify'
import { inArray } from 'drizzle-orm'
import type * as zipcodes from 'zipcodes'
import { dealPhotos, deals, dealStatusHistory, users } from '../../db/schema'
import { createPhotoPool } from './listings-photos'
import { DEMO_METROS, generateListing, seededRandom, type Place } from './listings-data'

export const DEMO_LISTING_COUNT = 300
const DEMO_SELLERS = ['seller@demo.test', 'hybrid@demo.test', 'owner@demo.test']
const DAY = 86_400_000

type ZipCodes = typeof zipcodes

async function loadZipCodes(): Promise<ZipCodes> {
  const module = await import('zipcodes')
  return ('default' in module ? module.default : module) as ZipCodes
}

/** Each demo metro's real ZIP codes with their centres (military codes at 0,0 left out). */
export async function demoPlaces(): Promise<{ places: Place[]; basePrice: number }[]> {
  const zipcodes = await loadZipCodes()
  return DEMO_METROS.map(([city, state, basePrice]) => ({
    basePrice,
    places: zipcodes
      .lookupByName(city, state)
      .filter((z) => z.latitude !== 0 && z.longitude !== 0)
      .map((z) => ({ zip: String(z.zip), city, state, latitude: Number(z.latitude), longitude: Number(z.longitude) })),
  })).filter((metro) => metro.places.length > 0)
}

/**
 * A few hundred demo listings of every category, purchase type and status across real ZIP codes, owned
 * by the demo sellers, with status history and shared locally drawn photos. Only on a database without
 * listings, and the same listings every time (seeded random).
 */
export async function seedListings(app: FastifyInstance): Promise<number> {
  if ((await app.db.$count(deals)) > 0) return 0
  const sellers = await app.db.select({ id: users.id }).from(users).where(inArray(users.email, DEMO_SELLERS))
  if (sellers.length === 0) return 0
  const [metros, pool] = await Promise.all([demoPlaces(), createPhotoPool(app.files, 16)])
  const random = seededRandom(20_261_121)
  const now = app.now()
  const generated = Array.from({ length: DEMO_LISTING_COUNT }, (_, index) => {
    const metro = metros[index % metros.length]!
    return generateListing(
      random,
      random.pick(metro.places),
      sellers[index % sellers.length]!.id,
      metro.basePrice,
      now,
      index,
    )
  })
  await app.db.transaction(async (tx) => {
    for (let start = 0; start < generated.length; start += 100) {
      const batch = generated.slice(start, start + 100)
      const ids = await tx
        .insert(deals)
        .values(batch.map((listing) => listing.row))
        .returning({ id: deals.id })
      const history = batch.flatMap((listing, i) => {
        const created = listing.row.createdAt as Date
        return [
          { dealId: ids[i]!.id, status: 'active' as const, source: 'system' as const, createdAt: created },
          ...listing.history.map((entry) => ({
            dealId: ids[i]!.id,
            status: entry.status,
            source: entry.source,
            reason: entry.reason ?? null,
            // Never in the future, whatever the listing's age.
            createdAt: new Date(Math.min(created.getTime() + entry.daysLater * DAY, now.getTime())),
          })),
        ]
      })
      await tx.insert(dealStatusHistory).values(history)
      const photos = batch.flatMap((_, i) => {
        const count = 1 + ((start + i) % 4)
        return Array.from({ length: count }, (_, position) => {
          const photo = pool[(start + i + position * 5) % pool.length]!
          return {
            dealId: ids[i]!.id,
            position,
            originalKey: photo.displayKey,
            displayKey: photo.displayKey,
            thumbKey: photo.thumbKey,
            width: photo.width,
            height: photo.height,
          }
        })
      })
      await tx.insert(dealPhotos).values(photos)
    }
  })
  return generated.length
}
