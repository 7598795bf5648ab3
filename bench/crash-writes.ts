import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { endpoints, pathFor, type EndpointSpec } from '../src/contract'
import type { Database } from '../server/db/client'
import { rowsOf } from '../server/db/rows'
import { CASH_LISTING } from '../tests/fixtures/cash-listing'

/**
 * The crash bench's writes (bench/crash.ts): listing creates, interests, offers and chat messages over real
 * HTTP, each carrying a unique marker in its text, and the checks after the crashes: each acknowledged marker
 * found exactly once, and no row without the rows it belongs to.
 */

export type WriteKind = 'listing' | 'interest' | 'offer' | 'message'
/** A write the server answered 2xx: its marker must be in the database afterwards, once. */
export type Acknowledged = { kind: WriteKind; marker: string }
export type Account = { email: string; headers: Record<string, string> }

let street = 1
/** Answers other than 2xx (not a kill's cut connection): the bench prints them, since each is a bug of the bench or the app. */
export const refusals: string[] = []
const marker = (kind: WriteKind) => `crash-${kind}-${randomUUID()}`

/** One contract call over HTTP: the answer's JSON on a 2xx, null on anything else (refusal, reset, kill). */
async function send(
  base: string,
  endpoint: EndpointSpec,
  as: Account,
  input: { params?: Record<string, string>; body: unknown },
) {
  try {
    const response = await fetch(base + pathFor(endpoint.path, input.params ?? {}), {
      method: endpoint.method,
      headers: { ...as.headers, 'content-type': 'application/json' },
      body: JSON.stringify(input.body),
    })
    const text = await response.text()
    if (response.ok) return JSON.parse(text) as Record<string, unknown>
    refusals.push(`${endpoint.method} ${endpoint.path}: ${response.status} ${text.slice(0, 300)}`)
    return null
  } catch {
    return null
  }
}

/** The seller's loop: listings, one after another, until `stopped()`; answers the ids of those acknowledged. */
export async function sellerBurst(
  base: string,
  seller: Account,
  acked: Acknowledged[],
  listings: string[],
  stopped: () => boolean,
) {
  while (!stopped()) {
    const text = marker('listing')
    const deal = await send(base, endpoints.createDeal, seller, {
      body: { ...CASH_LISTING, streetAddress: `${street++} Crash Test Road`, dealDescription: text },
    })
    if (!deal) return
    acked.push({ kind: 'listing', marker: text })
    listings.push(deal.id as string)
  }
}

/**
 * A buyer's loop: on each listing it has not touched yet, an interest, an offer, a conversation and a second
 * message, until `stopped()` or a write fails (the server is gone).
 */
export async function buyerBurst(
  base: string,
  buyer: Account,
  acked: Acknowledged[],
  listings: string[],
  touched: Set<string>,
  stopped: () => boolean,
) {
  while (!stopped()) {
    const dealId = listings.find((id) => !touched.has(id))
    if (!dealId) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      continue
    }
    touched.add(dealId)
    const params = { id: dealId }
    const interest = marker('interest')
    if (
      !(await send(base, endpoints.expressInterest, buyer, {
        params,
        body: { message: interest, name: 'Crash Buyer', phone: '6025550199' },
      }))
    )
      return
    acked.push({ kind: 'interest', marker: interest })
    const offer = marker('offer')
    const offerBody = { type: 'cash', purchasePrice: 240000, closeOfEscrowDate: '2099-06-30', message: offer }
    if (!(await send(base, endpoints.submitOffer, buyer, { params, body: offerBody }))) return
    acked.push({ kind: 'offer', marker: offer })
    const first = marker('message')
    const thread = await send(base, endpoints.startThread, buyer, { body: { dealId, message: first } })
    if (!thread) return
    acked.push({ kind: 'message', marker: first })
    const second = marker('message')
    const threadId = String(thread.threadId)
    if (!(await send(base, endpoints.sendMessage, buyer, { params: { threadId }, body: { message: second } }))) return
    acked.push({ kind: 'message', marker: second })
  }
}

/**
 * Every marker with how many rows of its own table carry it (`<kind> <marker>`): an interest's or offer's text
 * may also be quoted elsewhere (a chat message), which is no duplicate.
 */
export async function markersIn(db: Database): Promise<Map<string, number>> {
  const rows = await rowsOf<{ key: string; copies: number }>(
    db,
    sql`select kind || ' ' || marker as key, count(*)::int as copies from (
          select 'listing' as kind, deal_description as marker from deals
          union all select 'interest', message from deal_interests
          union all select 'offer', message from offers
          union all select 'message', body from chat_messages
        ) written where marker like 'crash-%' group by kind, marker`,
  )
  return new Map(rows.map((row) => [row.key, row.copies]))
}

/** Rows that lost what they belong to (each count must be 0), and whether every B-tree index matches its table. */
export async function integrityProblems(db: Database): Promise<string[]> {
  const orphans = {
    'offers without their listing': sql`select count(*)::int as n from offers o where not exists (select 1 from deals d where d.id = o.deal_id)`,
    'interests without their listing': sql`select count(*)::int as n from deal_interests i where not exists (select 1 from deals d where d.id = i.deal_id)`,
    'messages without their conversation': sql`select count(*)::int as n from chat_messages m where not exists (select 1 from chat_threads t where t.id = m.thread_id)`,
    'listings without their seller': sql`select count(*)::int as n from deals d where not exists (select 1 from users u where u.id = d.seller_id)`,
    'offers without their buyer': sql`select count(*)::int as n from offers o where not exists (select 1 from users u where u.id = o.buyer_id)`,
  }
  const problems: string[] = []
  for (const [name, query] of Object.entries(orphans)) {
    const [row] = await rowsOf<{ n: number }>(db, query)
    if (row!.n > 0) problems.push(`${row!.n} ${name}`)
  }
  // amcheck: each B-tree index of the app's tables against its heap (the unique ones hold their constraint).
  await db.execute(sql`create extension if not exists amcheck`)
  const indexes = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
        join pg_namespace n on n.oid = c.relnamespace where am.amname = 'btree' and n.nspname = 'public'`,
  )
  for (const { name } of indexes) {
    try {
      await db.execute(sql`select bt_index_check(${name}::regclass, true)`)
    } catch (error) {
      problems.push(`index ${name}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return problems
}
