import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { PreferencesSchema, type Role } from '../../../src/contract'
import type { Reason } from '../../../src/contract/matching'
import { timeZoneOfState } from '../../../src/contract/time-zones'
import type { Database } from '../../db/client'
import { rowsOf } from '../../db/rows'
import type { ServerLanguage } from '../../http/i18n'
import { addressFor, dealFacts } from '../deals/facts'
import { mailPhrase } from '../mail/templates'
import { createNotification } from '../notifications/service'
import { sendDigestChannels, type DigestItem } from './digest-channels'
import { reasonLines, unsubscribeParts } from './send'

/** Digests go out in this hour of the buyer's local morning; weekly ones on Mondays. */
export const DIGEST_HOUR = 8
const MONDAY = 'Mon'

type DigestFrequency = 'daily' | 'weekly'
type Due = { userId: string; frequency: DigestFrequency; state: string | null }

/** The hour (0–23) and weekday ("Mon") at `now` in `timeZone`. */
function localClock(now: Date, timeZone: string): { hour: number; weekday: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return { hour: Number(part('hour')), weekday: part('weekday') }
}

/** Whether a digest of `frequency` is due at `now` for a buyer in `state` (their local 8 am; Mondays for weekly). */
export function digestDue(frequency: DigestFrequency, state: string | null, now: Date): boolean {
  const { hour, weekday } = localClock(now, timeZoneOfState(state))
  return hour === DIGEST_HOUR && (frequency === 'daily' || weekday === MONDAY)
}

type Claimed = {
  dealId: string
  score: number
  reasons: Reason[]
  channels: string[] | null
  savedSearchId: string | null
}
type Reader = {
  id: string
  email: string
  firstName: string | null
  phone: string | null
  roles: Role[]
  language: ServerLanguage
  preferences: unknown
}

/**
 * One buyer's digest of one frequency, in one transaction: its unsent rows are claimed (`update … where
 * sent_at is null returning`: a second run, or a second server, finds nothing left to claim), then one
 * notice lists the listings still live with their score and top reasons, and each channel the buyer's buy
 * box or saved searches chose (e-mail, a text, a push) sends one message about the listings that chose it.
 * Answers whether anything was sent.
 */
async function sendDigest(app: FastifyInstance, userId: string, frequency: DigestFrequency): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const now = app.now()
    const claimed = await rowsOf<Claimed>(
      tx,
      sql`update match_alerts a set sent_at = ${now.toISOString()}
        where a.user_id = ${userId} and a.frequency = ${frequency} and a.sent_at is null
        returning a.deal_id as "dealId", a.score, a.reasons, a.saved_search_id as "savedSearchId",
          (select s.channels from saved_searches s where s.id = a.saved_search_id) as channels`,
    )
    const [reader] = await rowsOf<Reader>(
      tx,
      sql`select u.id, u.email, u.first_name as "firstName", u.phone, u.roles, u.language, p.data as preferences
        from users u left join buyer_preferences p on p.user_id = u.id where u.id = ${userId} and u.status = 'active'`,
    )
    const facts = await dealFacts(
      tx,
      claimed.map((row) => row.dealId),
    )
    const live = claimed
      .filter((row) => ['active', 'exclusive'].includes(facts.get(row.dealId)?.status ?? ''))
      .sort(
        // Best score first; equal scores list the newest listing first (then by id), the same every time.
        (a, b) =>
          b.score - a.score ||
          facts.get(b.dealId)!.createdAt.getTime() - facts.get(a.dealId)!.createdAt.getTime() ||
          a.dealId.localeCompare(b.dealId),
      )
    if (!reader || live.length === 0) return false
    return writeDigest(app, tx, reader, live, facts)
  })
}

async function writeDigest(
  app: FastifyInstance,
  tx: Database,
  reader: Reader,
  rows: Claimed[],
  facts: Awaited<ReturnType<typeof dealFacts>>,
): Promise<boolean> {
  const items: DigestItem[] = []
  for (const row of rows) {
    items.push({ ...row, address: await addressFor(facts.get(row.dealId)!, reader) })
  }
  const count = String(rows.length)
  const notice = await mailPhrase(reader.language, 'matchDigest.notice', { count })
  await createNotification(tx, {
    userId: reader.id,
    type: 'match_digest',
    dealId: rows.length === 1 ? rows[0]!.dealId : null,
    title: notice,
    message: notice,
    path: rows.length === 1 ? `/deals/${rows[0]!.dealId}` : '/deals',
    createdAt: app.now(),
  })
  const prefs = PreferencesSchema.safeParse(reader.preferences)
  const buyBoxChannels: string[] = prefs.success ? prefs.data.notificationChannels : ['email']
  // Each channel speaks of the listings whose buy box or saved search chose it.
  const chose = (channel: string) =>
    items.filter((_, index) => (rows[index]!.channels ?? buyBoxChannels).includes(channel))
  const timeZone = timeZoneOfState(prefs.success ? (prefs.data.state ?? null) : null)
  await sendDigestChannels(app, tx, { ...reader, timeZone }, { sms: chose('sms'), push: chose('push') })
  const mailed = chose('email')
  if (mailed.length > 0) await mailDigest(app, tx, reader, mailed, rows)
  return true
}

/** The digest mail: every listing with its score, top reasons and link, and a one-click unsubscribe. */
async function mailDigest(app: FastifyInstance, tx: Database, reader: Reader, items: DigestItem[], rows: Claimed[]) {
  const blocks: string[] = []
  for (const item of items) {
    const heading = await mailPhrase(reader.language, 'matchDigest.item', {
      address: item.address,
      score: String(item.score),
    })
    const lines = await reasonLines(reader.language, item.reasons)
    const link = `${app.config.PUBLIC_URL}/deals/${item.dealId}`
    blocks.push([heading, ...lines.map((line) => `  - ${line}`), `  ${link}`].join('\n'))
  }
  // One search behind every listing mailed: its link turns off that search's e-mails; otherwise the buyer's own.
  const mailedIds = new Set(items.map((item) => item.dealId))
  const searches = new Set(rows.filter((row) => mailedIds.has(row.dealId)).map((row) => row.savedSearchId))
  const [only] = searches
  const unsubscribe = await unsubscribeParts(app, tx, reader, searches.size === 1 ? (only ?? null) : null)
  await app.mail.send(
    {
      to: reader.email,
      template: 'matchDigest',
      language: reader.language,
      data: {
        name: reader.firstName ?? '',
        count: String(items.length),
        listings: blocks.join('\n\n'),
        unsubscribeLink: unsubscribe.page,
      },
      headers: unsubscribe.headers,
    },
    { db: tx },
  )
}

/**
 * The hourly `alert-digests` run: every buyer with unsent daily or weekly alerts whose local time (their
 * preferences' state's time zone) is 8 am, on Mondays for weekly ones, gets their digest. `userId` and
 * `whenever` (the development trigger) send one buyer's digests now, whatever their local time.
 */
export async function runDigests(
  app: FastifyInstance,
  { userId, whenever = false }: { userId?: string; whenever?: boolean } = {},
): Promise<number> {
  const now = app.now()
  const waiting = await rowsOf<Due>(
    app.db,
    sql`select distinct a.user_id as "userId", a.frequency, p.data->>'state' as state
      from match_alerts a left join buyer_preferences p on p.user_id = a.user_id
      where a.sent_at is null and a.frequency in ('daily', 'weekly')
        ${userId ? sql`and a.user_id = ${userId}` : sql``}`,
  )
  let sent = 0
  for (const due of waiting) {
    if (!whenever && !digestDue(due.frequency, due.state, now)) continue
    if (await sendDigest(app, due.userId, due.frequency)) sent += 1
  }
  return sent
}
