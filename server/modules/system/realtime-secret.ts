import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { serverKey } from '../../db/server-keys'

/**
 * The embedded socket's signing secret (server/realtime/embedded.ts): made by the first instance and kept in
 * `server_keys`, so every instance on the database signs and verifies subscriptions alike.
 */
export const realtimeSecret = (db: Database) =>
  serverKey(db, 'realtime-secret', () => randomBytes(32).toString('hex'), z.string().regex(/^[0-9a-f]{64}$/))
