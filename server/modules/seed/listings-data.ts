import type { DealTag, ListingStatus, PropertyType, PurchaseType } from '../../../src/contract'
import { dealRow, type DealRow } from './listings-rows'

/** mulberry32: a tiny seeded generator, so the demo (and the benchmark) come out the same every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  }
}
export type Random = ReturnType<typeof seededRandom>

export type Place = { zip: string; city: string; state: string; latitude: number; longitude: number }

/** Metro areas where creative deals are common, with a typical single-family price. */
export const DEMO_METROS = [
  ['Phoenix', 'AZ', 420_000],
  ['Mesa', 'AZ', 430_000],
  ['Tucson', 'AZ', 330_000],
  ['Austin', 'TX', 520_000],
  ['Dallas', 'TX', 380_000],
  ['Houston', 'TX', 300_000],
  ['San Antonio', 'TX', 280_000],
  ['Atlanta', 'GA', 390_000],
  ['Charlotte', 'NC', 380_000],
  ['Tampa', 'FL', 400_000],
  ['Orlando', 'FL', 390_000],
  ['Jacksonville', 'FL', 310_000],
  ['Las Vegas', 'NV', 420_000],
  ['Denver', 'CO', 560_000],
  ['Nashville', 'TN', 450_000],
  ['Memphis', 'TN', 200_000],
  ['Indianapolis', 'IN', 250_000],
  ['Columbus', 'OH', 270_000],
  ['Cleveland', 'OH', 180_000],
  ['Detroit', 'MI', 120_000],
  ['Kansas City', 'MO', 240_000],
  ['Birmingham', 'AL', 190_000],
  ['Oklahoma City', 'OK', 210_000],
  ['Albuquerque', 'NM', 320_000],
  ['Boise', 'ID', 470_000],
  ['Sacramento', 'CA', 530_000],
  ['Raleigh', 'NC', 440_000],
  ['Columbia', 'SC', 260_000],
] as const

const STREETS = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Willow',
  'Sunset',
  'Mesquite',
  'Palo Verde',
  'Magnolia',
  'Lakeview',
  'Ridge',
  'Hillcrest',
  'Park',
  'Meadow',
  'Juniper',
  'Aspen',
  'Cypress',
  'Highland',
  'Orchard',
]
const SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Ct', 'Rd', 'Way', 'Blvd', 'Pl', 'Cir']
const OPENINGS = [
  'Motivated seller relocating for work.',
  'Tired landlord ready to hand over a performing rental.',
  'Inherited property, the family wants a quick, clean close.',
  'Seller is downsizing and open to creative terms.',
  'Off-market deal from a direct-to-seller campaign.',
]
const MIDDLES = [
  'Updated kitchen with quartz counters and stainless appliances.',
  'Needs cosmetic work: paint, flooring and landscaping.',
  'New roof in 2021 and HVAC serviced last spring.',
  'Large backyard with room for an ADU, close to schools and shopping.',
  'Currently rented at market rate; tenant would like to stay.',
  'Quiet cul-de-sac, two-car garage and covered patio.',
]
const CLOSINGS = [
  'Showings by appointment; proof of funds or a term sheet with offers.',
  'Low entry for the right buyer; seller is flexible on closing date.',
  'Comps and rent estimates available on request.',
  'Great fit for a buy-and-hold or a short-term rental where allowed.',
]
const TAGS: DealTag[] = ['motivated-seller', 'fix-and-flip', 'rental-property', 'off-market', 'low-equity', 'wholesale']
const PROPERTY_TYPES: PropertyType[] = [
  'single-family',
  'single-family',
  'single-family',
  'condo',
  'multi-2-4',
  'manufactured',
]
const PURCHASE_TYPES: PurchaseType[] = ['SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption']

const round = (value: number, step: number) => Math.round(value / step) * step
const DAY = 86_400_000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)
const addYears = (date: Date, years: number) => `${date.getUTCFullYear() + years}-0${1 + (years % 9)}-01`

/** Monthly principal and interest of a fully amortised loan. */
function payment(amount: number, ratePercent: number, years: number) {
  const r = ratePercent / 100 / 12
  return Math.round((amount * r) / (1 - (1 + r) ** -(years * 12)))
}

export type GeneratedListing = {
  row: DealRow
  status: ListingStatus
  history: { status: ListingStatus; daysLater: number; source: 'platform' | 'off-platform'; reason?: string }[]
}

/**
 * One plausible listing in `place`: every purchase type with consistent terms (balances below the price,
 * payments that amortise), a description, tags, and a status mix with the history that led there.
 */
export function generateListing(
  random: Random,
  place: Place,
  sellerId: string,
  basePrice: number,
  now: Date,
  index: number,
): GeneratedListing {
  const isCash = random.chance(0.4)
  const purchaseType = isCash ? null : PURCHASE_TYPES[index % PURCHASE_TYPES.length]!
  const propertyType = random.pick(PROPERTY_TYPES)
  const bedrooms = propertyType === 'multi-2-4' ? random.int(4, 8) : random.int(2, 5)
  const price = round(basePrice * (0.55 + random.next() * 0.9) * (propertyType === 'condo' ? 0.7 : 1), 500)
  const createdAt = new Date(now.getTime() - random.int(0, 90 * 24) * 3_600_000)
  const jitter = () => (random.next() - 0.5) * 0.03
  const terms: Partial<DealRow> = {}
  if (purchaseType === 'SubTo' || purchaseType === 'Hybrid') {
    const balance = round(price * (0.55 + random.next() * 0.3), 100)
    const rate = round(2.5 + random.next() * 2.5, 0.125)
    Object.assign(terms, {
      loanType: random.pick(['Conventional', 'FHA', 'VA'] as const),
      interestRate: rate,
      loanBalance: balance,
      loanMaturity: addYears(createdAt, random.int(22, 28)),
      piti: payment(balance, rate, 25) + round(price * 0.0018, 10),
      entryFee: round(8000 + random.next() * 35000, 500),
    })
  }
  if (purchaseType === 'SellerFinance' || purchaseType === 'Hybrid') {
    const amount = round(price * (purchaseType === 'Hybrid' ? 0.12 : 0.85), 100)
    const rate = round(4.5 + random.next() * 4, 0.25)
    Object.assign(terms, {
      sellerLoanAmount: amount,
      sellerInterestRate: rate,
      pi: payment(amount, rate, 30),
      sellerLoanMaturity: addYears(createdAt, random.int(5, 10)),
      deedTransferType: random.pick(['DeedTransfer', 'ExecutoryContract'] as const),
      entryFee: terms.entryFee ?? round(price * 0.1, 500),
    })
  }
  if (purchaseType === 'LeaseOption') {
    const credited = random.chance(0.5)
    Object.assign(terms, {
      optionFee: round(5000 + random.next() * 12000, 500),
      optionSalePrice: round(price * 1.06, 500),
      optionTerm: random.int(2, 5),
      optionFeeDeducted: random.chance(0.7),
      leaseMonthlyPayment: round(price * 0.0075, 25),
      monthlyPaymentCredited: credited,
      monthlyCreditAmount: credited ? round(price * 0.0012, 25) : null,
      securityDeposit: round(price * 0.006, 50),
      petsAllowed: random.chance(0.5),
    })
  }
  const tags = [random.pick(TAGS), ...(random.chance(0.4) ? [random.pick(TAGS)] : [])]
  const roll = random.next()
  const status: ListingStatus =
    roll < 0.05 ? 'sold' : roll < 0.08 ? 'canceled' : roll < 0.15 ? 'pending' : roll < 0.23 ? 'exclusive' : 'active'
  const history: GeneratedListing['history'] = []
  if (status === 'pending' || status === 'sold')
    history.push({ status: 'pending', daysLater: random.int(3, 15), source: 'platform' })
  if (status === 'sold')
    history.push({
      status: 'sold',
      daysLater: random.int(16, 40),
      source: random.chance(0.7) ? 'platform' : 'off-platform',
    })
  if (status === 'canceled')
    history.push({
      status: 'canceled',
      daysLater: random.int(5, 30),
      source: 'off-platform',
      reason: 'The seller decided to keep the property.',
    })
  const row = dealRow({
    sellerId,
    streetAddress: `${random.int(100, 9899)} ${random.pick(STREETS)} ${random.pick(SUFFIXES)}`,
    city: place.city,
    state: place.state,
    zipCode: place.zip,
    hideAddress: random.chance(0.1),
    latitude: place.latitude + jitter(),
    longitude: place.longitude + jitter(),
    dealCategory: isCash ? 'cash' : 'creative',
    purchaseType,
    propertyType,
    purchasePrice: price,
    emd: round(price * (0.01 + random.next() * 0.02), 500),
    // Open listings close 3 to 12 weeks after the seeding day (spread by index, so the random sequence and
    // every other field stay as they were); sold and canceled ones a month after they were listed.
    expectedCloseOfEscrow:
      status === 'sold' || status === 'canceled'
        ? isoDay(new Date(Math.min(createdAt.getTime() + 30 * DAY, now.getTime())))
        : isoDay(new Date(now.getTime() + (21 + ((index * 13) % 64)) * DAY)),
    traditionalFinancing: isCash ? ['cash-only'] : [random.pick(['conventional', 'fha', 'va'] as const)],
    bedrooms,
    bathrooms: Math.max(1, bedrooms - random.int(1, 2)) + (random.chance(0.4) ? 0.5 : 0),
    squareFootage: round(bedrooms * (380 + random.next() * 220), 10),
    lotSize: propertyType === 'condo' ? null : round(4000 + random.next() * 8000, 50),
    yearBuilt: random.int(1952, 2022),
    parking: random.pick(['garage-1', 'garage-2', 'garage-2', 'carport', 'none'] as const),
    hoaMonthlyFee: propertyType === 'condo' ? round(150 + random.next() * 250, 5) : null,
    privatePool: place.state === 'AZ' || place.state === 'FL' ? random.chance(0.35) : false,
    dealDescription: `${random.pick(OPENINGS)} ${random.pick(MIDDLES)} ${random.pick(CLOSINGS)}`,
    tags,
    ...terms,
    status,
    createdAt,
    updatedAt: createdAt,
  })
  return { row, status, history }
}
