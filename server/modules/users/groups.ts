import { afterCommit } from '../../db/after-commit'
import type { Database } from '../../db/client'
import type { FastifyInstance } from 'fastify'
import { demandChanged } from '../buyer-maps/snapshot'
import { updateUserRow, type UserPatch, type UserRow } from './repository'

/**
 * Copies a user's roles into the identity provider's groups (`cognito:groups` in the next token).
 * Pass the transaction that changes the roles so both commit or neither does. With AWS Cognito the
 * server holds no admin rights over the pool, so groups are not mirrored there: roles are read from
 * the database on every call anyway, and the SPA's group fallback only applies when that call fails.
 */
export async function mirrorGroups(app: FastifyInstance, row: Pick<UserRow, 'cognitoSub' | 'roles'>, db?: Database) {
  if (app.idp.mode === 'aws') return
  await app.idp.setGroups(row.cognitoSub, row.roles, db ? { db } : undefined)
}

/**
 * Mirrors the account's status at the embedded identity provider, as Cognito's AdminDisableUser would: a
 * deactivated person can no longer sign in nor refresh ("User is disabled."). With AWS Cognito the server
 * holds no admin rights, so the database alone refuses them (every API call answers 403).
 */
async function mirrorStatus(app: FastifyInstance, row: Pick<UserRow, 'cognitoSub' | 'status'>, db: Database) {
  if (app.idp.mode === 'aws') return
  if (row.status === 'deactivated') await app.idp.disable(row.cognitoSub, { db })
  else await app.idp.enable(row.cognitoSub, { db })
}

/**
 * Changes a user's row (roles, status) and mirrors it at the identity provider (groups, disabled) in the
 * same transaction: the account and its identity never disagree. Once committed, the buyer maps and what
 * the person's open sockets hold follow: a deactivation closes them for good, a lost role makes them authorise again.
 * `alsoInTransaction` runs in the same transaction once the row is changed (e.g. the audit entry). Pass
 * `db` (a transaction of the caller's) to make the change part of a larger write.
 */
export async function updateUserAndGroups(
  app: FastifyInstance,
  target: UserRow,
  patch: UserPatch,
  options: { db?: Database; alsoInTransaction?: (tx: Database, updated: UserRow) => Promise<void> } = {},
): Promise<UserRow> {
  const change = async (tx: Database) => {
    const row = (await updateUserRow(tx, target.id, patch)) ?? target
    if (patch.roles) await mirrorGroups(app, row, tx)
    if (patch.status && patch.status !== target.status) await mirrorStatus(app, row, tx)
    await options.alsoInTransaction?.(tx, row)
    return row
  }
  if (options.db) {
    const updated = await change(options.db)
    await afterCommit(options.db, () => followSockets(app, target, updated))
    return updated
  }
  const updated = await app.db.transaction(change)
  await followSockets(app, target, updated)
  return updated
}

async function followSockets(app: FastifyInstance, before: UserRow, updated: UserRow) {
  // Only active accounts count in the buyer maps: their row is read again with the new status.
  if (updated.status !== before.status) await demandChanged(app.db, updated.id)
  if (updated.status === 'deactivated' && before.status !== 'deactivated') {
    await app.realtime.disconnectUser(updated.id, 'deactivated')
  } else if (before.roles.some((role) => !updated.roles.includes(role))) {
    await app.realtime.disconnectUser(updated.id, 'rolesChanged')
  }
}
