import type { FastifyInstance } from 'fastify'
import type { Reason } from '../../../src/contract/matching'
import type { Database } from '../../db/client'
import type { ServerLanguage } from '../../http/i18n'
import { mailPhrase, mailTranslator } from '../mail/templates'
import { reasonLines } from './send'

/** One listing of a digest, as the channels word it: its address as the reader may see it, score, reasons. */
export type DigestItem = { dealId: string; address: string; score: number; reasons: Reason[] }

export type DigestReader = {
  id: string
  phone: string | null
  language: ServerLanguage
  /** The buyer's time zone (their preferences' state): quiet hours hold the text and the push there. */
  timeZone: string
}

/**
 * The short text of a digest: how many new matches, the best one's score and top reason (its address when
 * it has no reason) and the link to that listing ("3 new matches on Keyway — the best scores 87: …").
 */
async function digestText(app: FastifyInstance, reader: DigestReader, items: DigestItem[]): Promise<string> {
  const best = items[0]!
  const [reason] = await reasonLines(reader.language, best.reasons)
  const t = await mailTranslator(reader.language)
  return t('matchDigest.sms', {
    count: items.length,
    score: String(best.score),
    reason: reason ?? best.address,
    link: `${app.config.PUBLIC_URL}/deals/${best.dealId}`,
  })
}

/**
 * A digest's text message and browser push, in `tx` beside its notice and mail: each names only the
 * listings whose buy box or saved search chose that channel (`items`, best first). `app.sms` and `app.push`
 * hold them until 8 am in the buyer's time zone when the digest goes out in quiet hours.
 */
export async function sendDigestChannels(
  app: FastifyInstance,
  tx: Database,
  reader: DigestReader,
  { sms, push }: { sms: DigestItem[]; push: DigestItem[] },
): Promise<void> {
  if (sms.length > 0 && reader.phone) {
    const text = await digestText(app, reader, sms)
    await app.sms.send(tx, { userId: reader.id, to: reader.phone, text, timeZone: reader.timeZone })
  }
  if (push.length > 0) {
    const best = push[0]!
    const title = await mailPhrase(reader.language, 'matchDigest.notice', { count: String(push.length) })
    const heading = await mailPhrase(reader.language, 'matchDigest.item', {
      address: best.address,
      score: String(best.score),
    })
    const lines = await reasonLines(reader.language, best.reasons)
    await app.push.send(tx, {
      userId: reader.id,
      title,
      body: [heading, ...lines].join('\n'),
      path: `/deals/${best.dealId}`,
      timeZone: reader.timeZone,
    })
  }
}
