import webPush from 'web-push'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { serverKey } from '../../db/server-keys'

const VapidKeysSchema = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })
export type VapidKeys = z.infer<typeof VapidKeysSchema>

/**
 * The server's VAPID key pair, made on first start and kept in `server_keys` (`serverKey`: instances
 * starting together agree on one pair; read once per database).
 */
export function loadVapidKeys(db: Database): Promise<VapidKeys> {
  return serverKey(db, 'vapid', () => webPush.generateVAPIDKeys(), VapidKeysSchema)
}

/** The VAPID `sub` claim: a mailto: of the address mails come from (MAIL_FROM), as push services ask. */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return `mailto:${address}`
}
