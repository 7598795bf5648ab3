import { endpoints, type Role } from '../../src/contract'
import { updateUserRow } from '../../server/modules/users/repository'
import { callerWith, type Caller } from './accounts-helpers'
import { client } from './contract-client'
import { createListing } from './deals-helpers'
import type { TestApp } from './helpers'

/** A signed-in person with a name (chat notices carry it) and `roles`. */
export async function person(t: TestApp, roles: Role[], firstName = 'Pat', lastName = 'Lee'): Promise<Caller> {
  const caller = await callerWith(t, roles)
  await updateUserRow(t.db, caller.id, { firstName, lastName })
  return caller
}

/** A seller with a listing and a buyer who has written to them about it (one message). */
export async function conversation(
  t: TestApp,
  listing: Record<string, unknown> = {},
  message = 'Is it still available?',
) {
  const seller = await person(t, ['originator'], 'Sam', 'Seller')
  const buyer = await person(t, ['buyer'], 'Bea', 'Buyer')
  const deal = await createListing(t, seller, listing)
  const thread = await client(t.app, buyer).ok(endpoints.startThread, { body: { dealId: deal.id, message } })
  return { seller, buyer, deal, thread }
}
