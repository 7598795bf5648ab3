import type { Database } from '../../db/client'
import type { FastifyInstance } from 'fastify'
import type { UserRow } from './repository'

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
