import type { FastifyInstance } from 'fastify'
import type { NOTIFICATION_CHANNELS } from '../../../src/contract'
import type { Reason } from '../../../src/contract/matching'
import { describeReason } from '../../../src/contract/matching-reasons'
import type { Database } from '../../db/client'
import type { ServerLanguage } from '../../http/i18n'
import type { Role } from '../../../src/contract'
import { addressFor, noticeDealInfo } from '../deals/facts'
import { mailPhrase, mailTranslator } from '../mail/templates'
import { createNotification } from '../notifications/service'
import { unsubscribeToken } from './unsubscribe-token'

export type Channel = (typeof NOTIFICATION_CHANNELS)[number]

/** How many reasons an alert quotes (the heaviest first, as the scorer orders them). */
export const TOP_REASONS = 3

export type AlertReader = {
  id: string
  email: string
  firstName: string | null
  phone: string | null
  roles: Role[]
  language: ServerLanguage
  timeZone: string
}

export type AlertListing = {
  id: string
  sellerId: string
  streetAddress: string
  hideAddress: boolean
  city: string
  state: string
  zipCode: string
}

export type Alert = {
  score: number
  reasons: Reason[]
  channels: Channel[]
  savedSearchId: string | null
  /** The saved search that matched, named first among the reasons ("Fits your saved search “…”"). */
  savedSearchName: string | null
}

/** The top reasons in the reader's words ("Entry fee $18,000 ≤ your max $25,000"). */
export async function reasonLines(language: ServerLanguage, reasons: readonly Reason[]): Promise<string[]> {
  const t = await mailTranslator(language)
  return reasons.slice(0, TOP_REASONS).map((reason) => describeReason(reason, t))
}

/**
 * The one-click unsubscribe of an alert mail's e-mail channel: the page a person opens (the mail's visible
 * link) and the RFC 8058 headers a mail client posts to without opening anything.
 */
export async function unsubscribeParts(
  app: FastifyInstance,
  db: Database,
  reader: { id: string },
  savedSearchId: string | null,
) {
  const token = await unsubscribeToken(db, { u: reader.id, c: 'email', ...(savedSearchId && { s: savedSearchId }) })
  const query = `token=${encodeURIComponent(token)}`
  return {
    page: `${app.config.PUBLIC_URL}/unsubscribe?${query}`,
    headers: {
      'List-Unsubscribe': `<${app.config.PUBLIC_URL}/api/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}

/**
 * A real-time alert, in `tx` (the caller marks it sent in the same transaction): an in-app notice always,
 * then each channel the buyer (or their saved search) chose. Every text names the listing as the reader
 * may see it (`addressFor`), never a street the listing hides from them.
 */
export async function sendAlert(
  app: FastifyInstance,
  tx: Database,
  listing: AlertListing,
  reader: AlertReader,
  alert: Alert,
): Promise<void> {
  const address = await addressFor(listing, reader)
  const path = `/deals/${listing.id}`
  const link = `${app.config.PUBLIC_URL}${path}`
  const fits = alert.savedSearchName
    ? [await mailPhrase(reader.language, 'matchAlert.fitsSearch', { name: alert.savedSearchName })]
    : []
  const lines = [...fits, ...(await reasonLines(reader.language, alert.reasons))]
  const score = String(alert.score)
  const notice = await mailPhrase(reader.language, 'matchAlert.notice', { address, score })
  const summary = [notice, ...lines].join(' · ')
  await createNotification(tx, {
    userId: reader.id,
    type: 'match_alert',
    dealId: listing.id,
    title: notice,
    message: summary,
    dealInfo: noticeDealInfo(listing, reader),
    path,
    createdAt: app.now(),
  })
  if (alert.channels.includes('email')) {
    const unsubscribe = await unsubscribeParts(app, tx, reader, alert.savedSearchId)
    const data = {
      name: reader.firstName ?? '',
      address,
      link,
      score,
      reasons: lines.map((line) => `- ${line}`).join('\n'),
      unsubscribeLink: unsubscribe.page,
    }
    await app.mail.send(
      { to: reader.email, template: 'matchAlert', language: reader.language, data, headers: unsubscribe.headers },
      { db: tx },
    )
  }
  if (alert.channels.includes('sms') && reader.phone) {
    await app.sms.send(tx, {
      userId: reader.id,
      to: reader.phone,
      text: `${summary} ${link}`,
      timeZone: reader.timeZone,
    })
  }
  if (alert.channels.includes('push')) {
    await app.push.send(tx, {
      userId: reader.id,
      title: notice,
      body: lines.join('\n'),
      path,
      timeZone: reader.timeZone,
    })
  }
}
