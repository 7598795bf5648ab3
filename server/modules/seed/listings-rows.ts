import { CREATIVE_AUTO_TAGS, type DealTag } from '../../../src/contract'
import type { deals } from '../../db/schema'
import { normalizedAddressKey } from '../deals/address'

export type DealRow = typeof deals.$inferInsert

/** What a demo, benchmark or test listing must say; everything else gets a plausible default. */
export type DealSeed = Partial<DealRow> &
  Pick<DealRow, 'sellerId' | 'streetAddress' | 'city' | 'state' | 'zipCode' | 'dealCategory' | 'propertyType'>

/**
 * A complete `deals` row for direct inserts (seeding, the benchmark, tests): the same shape the
 * create endpoint writes, with the normalised address and the automatic creative tags filled in.
 */
export function dealRow(seed: DealSeed): DealRow {
  const tags = new Set<DealTag>(seed.tags ?? ['motivated-seller'])
  if (seed.dealCategory === 'creative') for (const tag of CREATIVE_AUTO_TAGS) tags.add(tag)
  return {
    status: 'active',
    hideAddress: false,
    purchaseType: seed.dealCategory === 'creative' ? 'SubTo' : null,
    dealDescription: 'A well-kept home in a quiet street, ready for its next owner.',
    legalCertification: true,
    ...seed,
    tags: [...tags],
    normalizedAddress: normalizedAddressKey(seed.streetAddress, seed.zipCode),
  }
}
