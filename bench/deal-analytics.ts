import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../server/db/client'
import { rowsOf } from '../server/db/rows'
import { deals } from '../server/db/schema'
import { findLiveDeal } from '../server/modules/deals/repository'
import { matchBandsOf } from '../server/modules/deals/match-routes'
import { dealAnalyticsOf } from '../server/modules/deal-analytics/service'
import { recordView } from '../server/modules/deal-analytics/views'
import { dealRow } from '../server/modules/seed/listings-rows'
import { generateBenchListings } from './api-data'

const VISITORS = Number(process.env.BENCH_ANALYTICS_VISITORS ?? 1_000)
const DAYS = Number(process.env.BENCH_ANALYTICS_DAYS ?? 100)
const LISTINGS = Number(process.env.BENCH_ANALYTICS_LISTINGS ?? 6_000)
const RUNS = 50

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(values.length * q)]!

/**
 * Deal analytics (issue 26): one listing with VISITORS x DAYS view rows (100,000 by default: a thousand
 * signed-in visitors every day for 100 days, with each day's count as the view statement keeps it), its
 * favorites and interests, among LISTINGS live listings to compare it with; the analytics answer's median
 * and p95 of 50 reads (goal ≤ 50 ms), and the cost of counting one view beside a listing read.
 */
export async function dealAnalyticsBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-deal-analytics-'))
  const connection = await openDatabase({ DATA_DIR: dataDir })
  try {
    await connection.migrate()
    const { db } = connection
    const seeding = performance.now()
    const now = new Date()
    await db.execute(sql`insert into users (cognito_sub, email, roles)
      select 'bench-' || i, 'visitor' || i || '@bench.test', '{buyer}' from generate_series(1, ${VISITORS}) i`)
    const [seller] = await rowsOf<{ id: string }>(
      db,
      sql`insert into users (cognito_sub, email, roles) values ('bench-seller', 'seller@bench.test', '{originator}')
        returning id`,
    )
    const [created] = await db
      .insert(deals)
      .values(
        dealRow({
          sellerId: seller!.id,
          streetAddress: '1 Bench Way',
          city: 'Phoenix',
          state: 'AZ',
          zipCode: '85008',
          latitude: 33.46,
          longitude: -112.0,
          dealCategory: 'cash',
          propertyType: 'single-family',
          purchasePrice: 240_000,
          createdAt: new Date(now.getTime() - DAYS * 86_400_000),
        }),
      )
      .returning({ id: deals.id })
    const dealId = created!.id
    await db.execute(sql`
      insert into deal_views (deal_id, day, viewer_id)
      select ${dealId}, (${now.toISOString()}::timestamptz at time zone 'UTC')::date - d, u.id
      from generate_series(0, ${DAYS - 1}) d cross join (select id from users where email like 'visitor%') u`)
    await db.execute(sql`
      insert into deal_view_days (deal_id, day, views)
      select deal_id, day, count(*) from deal_views where deal_id = ${dealId} group by deal_id, day`)
    await db.execute(sql`
      insert into deal_favorites (user_id, deal_id, created_at)
      select id, ${dealId}, now() - (random() * interval '90 days') from users where email like 'visitor%'
      order by id limit ${Math.floor(VISITORS / 5)}`)
    await db.execute(sql`
      insert into deal_interests (deal_id, buyer_id, name, phone, message, created_at)
      select ${dealId}, id, 'Bench Buyer', '6025550100', 'Interested', now() - (random() * interval '90 days')
      from users where email like 'visitor%' order by id desc limit ${Math.floor(VISITORS / 20)}`)
    await generateBenchListings(db, [seller!.id], LISTINGS, now)
    await db.execute('vacuum analyze')
    const [{ rows } = { rows: 0 }] = await rowsOf<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from deal_views where deal_id = ${dealId}`,
    )
    console.log(
      `\nDeal analytics (${rows.toLocaleString('en-US')} view rows on one listing, ` +
        `${LISTINGS.toLocaleString('en-US')} listings to compare with; seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`,
    )

    const deal = await findLiveDeal(db, dealId)
    await dealAnalyticsOf(db, deal, now)
    const reads: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      await dealAnalyticsOf(db, await findLiveDeal(db, dealId), now)
      reads.push(performance.now() - started)
    }
    const baseline: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      await findLiveDeal(db, dealId)
      baseline.push(performance.now() - started)
    }
    console.log(
      `  the analytics answer: median ${quantile(reads, 0.5).toFixed(1)} ms, p95 ${quantile(reads, 0.95).toFixed(1)} ms ` +
        `(${RUNS} reads; goal ≤ 50 ms)`,
    )
    console.log(`  for scale, the listing read by its id alone: median ${quantile(baseline, 0.5).toFixed(1)} ms`)
    if (process.env.BENCH_ANALYTICS_PARTS === '1') {
      const part = async (label: string, run: () => Promise<unknown>) => {
        const spent: number[] = []
        for (let i = 0; i < 20; i++) {
          const started = performance.now()
          await run()
          spent.push(performance.now() - started)
        }
        console.log(`    ${label}: median ${quantile(spent, 0.5).toFixed(1)} ms`)
      }
      const parts = await import('../server/modules/deal-analytics/service')
      await part('funnel counts', () => parts.dailyCounts(db, dealId))
      await part('ZIP and state medians', () => parts.comparedWith(db, deal, now))
      await part('(the page also reads the match bands)', () => matchBandsOf(db, dealId, now))
    }
    const visitors = await rowsOf<{ id: string }>(db, sql`select id from users where email like 'visitor%' limit 200`)
    const tomorrow = new Date(now.getTime() + 86_400_000)
    const views: number[] = []
    for (const visitor of visitors) {
      const started = performance.now()
      await recordView(db, { id: dealId, sellerId: seller!.id }, visitor.id, tomorrow)
      views.push(performance.now() - started)
    }
    console.log(
      `  counting a view (one statement beside the listing's read): median ${quantile(views, 0.5).toFixed(2)} ms, ` +
        `p95 ${quantile(views, 0.95).toFixed(2)} ms (${views.length} new visitors)`,
    )
  } finally {
    await connection.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await dealAnalyticsBench()
