import type { Database } from '../../db/client'
import type { FastifyInstance } from 'fastify'
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
 * Changes a user's row (roles, status) and, when roles change, mirrors them as identity-provider groups in
 * the same transaction: the account and its groups never disagree.
 */
export async function updateUserAndGroups(app: FastifyInstance, target: UserRow, patch: UserPatch): Promise<UserRow> {
  return app.db.transaction(async (tx) => {
    const updated = (await updateUserRow(tx, target.id, patch)) ?? target
    if (patch.roles) await mirrorGroups(app, updated, tx)
    return updated
  })
}
