/**
 * Every buyer's demand in typed arrays, one slot per buyer: a filter set is then one tight loop over numbers
 * (100,000 row objects with strings and arrays took 100-250 ms a call, mostly the garbage collector). Text
 * values are small integers of a Dictionary; a missing number is NaN (no filter of N+ ever keeps it).
 */

/** One buyer's demand as `buyer_demand` holds it (what the snapshot reads). */
export type DemandRow = {
  userId: string
  zipCodes: string[]
  state: string | null
  priceBucket: string | null
  minBeds: number | null
  minBaths: number | null
  financingType: string | null
  creditRange: string | null
  propertyTypes: string[]
  downPayment: number | null
  monthlyPayment: number | null
  updatedAt: number
}

/** Text ↔ small integer, shared by every snapshot (ZIP codes: at most the ~42,000 US codes and what was saved). */
export class Dictionary {
  private readonly ids = new Map<string, number>()
  readonly names: string[] = []
  id(name: string): number {
    let id = this.ids.get(name)
    if (id === undefined) {
      id = this.names.push(name) - 1
      this.ids.set(name, id)
    }
    return id
  }
  /** The id of a name, -1 for none, -2 for a name no buyer gave (so matches nothing). */
  find(name: string | null | undefined): number {
    if (name === null || name === undefined) return -1
    return this.ids.get(name) ?? -2
  }
}

export const zipDictionary = new Dictionary()
export const stateDictionary = new Dictionary()
export const priceDictionary = new Dictionary()
export const financingDictionary = new Dictionary()
export const creditDictionary = new Dictionary()
export const propertyDictionary = new Dictionary()

const idOf = (dictionary: Dictionary, name: string | null) => (name === null ? -1 : dictionary.id(name))
const numberOf = (value: number | null) => (value === null ? NaN : Number(value))

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, length: number): T {
  if (array.length >= length) return array
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2, 1024))
  next.set(array)
  return next
}

/**
 * The columns. ZIP codes and property types of a slot are a run of a shared pool (start, length); a changed
 * buyer's new run is appended, the old one left unused until the next full load builds the pool anew.
 */
export class DemandColumns {
  /** Slots in use, live or not (a buyer whose row went away keeps their slot, not live). */
  size = 0
  live = new Uint8Array(0)
  state = new Int32Array(0)
  price = new Int32Array(0)
  financing = new Int32Array(0)
  credit = new Int32Array(0)
  minBeds = new Float64Array(0)
  minBaths = new Float64Array(0)
  downPayment = new Float64Array(0)
  monthlyPayment = new Float64Array(0)
  updatedAt = new Float64Array(0)
  zipStart = new Int32Array(0)
  zipCount = new Int32Array(0)
  propertyStart = new Int32Array(0)
  propertyCount = new Int32Array(0)
  /** The ZIP ids and property-type ids of every slot, flattened. */
  pool = new Int32Array(0)
  poolSize = 0

  private reserve(slots: number) {
    this.live = grown(this.live, slots)
    for (const key of ['state', 'price', 'financing', 'credit', 'zipStart', 'zipCount'] as const) {
      this[key] = grown(this[key], slots)
    }
    this.propertyStart = grown(this.propertyStart, slots)
    this.propertyCount = grown(this.propertyCount, slots)
    for (const key of ['minBeds', 'minBaths', 'downPayment', 'monthlyPayment', 'updatedAt'] as const) {
      this[key] = grown(this[key], slots)
    }
  }

  private append(ids: number[]): number {
    const start = this.poolSize
    this.pool = grown(this.pool, start + ids.length)
    this.pool.set(ids, start)
    this.poolSize += ids.length
    return start
  }

  /** A new slot for a row; its index. */
  add(row: DemandRow): number {
    const slot = this.size++
    this.reserve(this.size)
    this.set(slot, row)
    return slot
  }

  set(slot: number, row: DemandRow) {
    this.live[slot] = 1
    this.state[slot] = idOf(stateDictionary, row.state)
    this.price[slot] = idOf(priceDictionary, row.priceBucket)
    this.financing[slot] = idOf(financingDictionary, row.financingType)
    this.credit[slot] = idOf(creditDictionary, row.creditRange)
    this.minBeds[slot] = numberOf(row.minBeds)
    this.minBaths[slot] = numberOf(row.minBaths)
    this.downPayment[slot] = numberOf(row.downPayment)
    this.monthlyPayment[slot] = numberOf(row.monthlyPayment)
    this.updatedAt[slot] = row.updatedAt
    const zips = row.zipCodes.map((zip) => zipDictionary.id(zip))
    this.zipStart[slot] = this.append(zips)
    this.zipCount[slot] = zips.length
    const types = row.propertyTypes.map((type) => propertyDictionary.id(type))
    this.propertyStart[slot] = this.append(types)
    this.propertyCount[slot] = types.length
  }

  remove(slot: number) {
    this.live[slot] = 0
  }
}
