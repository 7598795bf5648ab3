import { count, desc, inArray, min } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  CREDIT_SCORE_RANGES,
  FINANCING_TYPES,
  PREFERENCE_PROPERTY_TYPES,
  PreferencesSchema,
} from '../../../src/contract'
import { deals } from '../../db/schema'
import { getDocument, putDocument } from '../profile/documents'
import { insertUserIfAbsent } from '../users/repository'

/**
 * The demo's buyer market: generated buyers whose preferences name the ZIP codes where the demo listings are,
 * so a seller opening the buyer map, its analytics or a ZIP's analytics meets a market (a ZIP needs 3 buyers
 * to show, an average 5). They have no sign-in and hear of nothing (no notification channel); their e-mail
 * addresses are under MARKET_DOMAIN, which the seed does not count as real users.
 */
export const MARKET_DOMAIN = 'market.demo.test'
const MARKET_BUYERS = 180
/** The busiest ZIP codes of the demo listings that the market buys in. */
const MARKET_ZIPS = 24

const FIRST_NAMES = [
  'Alex',
  'Maria',
  'James',
  'Lucia',
  'David',
  'Grace',
  'Omar',
  'Elena',
  'Tyler',
  'Nadia',
  'Chris',
  'Rosa',
]
const LAST_NAMES = [
  'Nguyen',
  'Garcia',
  'Smith',
  'Lopez',
  'Brown',
  'Patel',
  'Johnson',
  'Rivera',
  'Kim',
  'Davis',
  'Ortiz',
]
const BUDGETS = [180_000, 275_000, 350_000, 480_000, 650_000, 900_000, 1_400_000]

/** Seeds the market once, after the listings; answers how many buyers it added. Deterministic. */
export async function seedBuyerMarket(app: FastifyInstance): Promise<number> {
  const zips = await app.db
    .select({ zipCode: deals.zipCode, state: deals.state, city: min(deals.city), listings: count() })
    .from(deals)
    .where(inArray(deals.status, ['active', 'exclusive']))
    .groupBy(deals.zipCode, deals.state)
    .orderBy(desc(count()), deals.zipCode)
    .limit(MARKET_ZIPS)
  if (zips.length === 0) return 0
  let added = 0
  for (let i = 0; i < MARKET_BUYERS; i++) {
    const email = `buyer-${String(i + 1).padStart(3, '0')}@${MARKET_DOMAIN}`
    const home = zips[i % zips.length]!
    // A second ZIP in the same state for every other buyer, so radius and state counts differ from ZIP ones.
    const neighbour = zips.find((zip, index) => index !== i % zips.length && zip.state === home.state)
    const user = await insertUserIfAbsent(app.db, {
      cognitoSub: `demo-market-${i + 1}`,
      email,
      firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(i * 7) % LAST_NAMES.length]!,
      roles: ['buyer'],
      language: i % 4 === 0 ? 'es' : 'en',
    })
    // A run cut short is finished, never redone.
    if ((await getDocument(app.db, 'preferences', user.id)) !== null) continue
    const budget = BUDGETS[(i * 5) % BUDGETS.length]!
    await putDocument(
      app.db,
      'preferences',
      user.id,
      PreferencesSchema.parse({
        state: home.state,
        city: home.city ?? '',
        zipCodes: i % 2 === 0 && neighbour ? [home.zipCode, neighbour.zipCode] : [home.zipCode],
        propertyTypes: [PREFERENCE_PROPERTY_TYPES[i % PREFERENCE_PROPERTY_TYPES.length]],
        minBedrooms: 1 + (i % 4),
        minBathrooms: 1 + ((i * 3) % 3),
        financingType: FINANCING_TYPES[(i * 5) % FINANCING_TYPES.length],
        creditScoreRange: CREDIT_SCORE_RANGES[(i * 3) % CREDIT_SCORE_RANGES.length],
        preApprovedMortgage: true,
        preApprovedAmount: budget,
        maxDownPayment: Math.round((budget * (5 + (i % 4) * 5)) / 100 / 1_000) * 1_000,
        maxMonthlyPayment: Math.round((budget * 0.006 + (i % 5) * 150) / 50) * 50,
        notificationChannels: [],
      }),
    )
    added++
  }
  return added
}
