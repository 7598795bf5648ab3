import { eq } from 'drizzle-orm'
import webPush from 'web-push'
import type { Database } from '../../db/client'
import { serverKeys } from '../../db/schema/alerts'

export type VapidKeys = { publicKey: string; privateKey: string }

const NAME = 'vapid'

/**
 * The server's VAPID key pair, made on first start and kept in `server_keys`: every instance inserts a
 * fresh pair if none is there (on conflict nothing) and then reads the one that won, so instances starting
 * together agree on one pair.
 */
export async function loadVapidKeys(db: Database): Promise<VapidKeys> {
  const fresh = webPush.generateVAPIDKeys()
  await db.insert(serverKeys).values({ name: NAME, value: fresh }).onConflictDoNothing()
  const [row] = await db.select({ value: serverKeys.value }).from(serverKeys).where(eq(serverKeys.name, NAME))
  const value = row?.value as Partial<VapidKeys> | undefined
  if (!value?.publicKey || !value.privateKey) throw new Error('server_keys has no usable VAPID key pair')
  return { publicKey: value.publicKey, privateKey: value.privateKey }
}

/** The VAPID `sub` claim: a mailto: of the address mails come from (MAIL_FROM), as push services ask. */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return `mailto:${address}`
}
