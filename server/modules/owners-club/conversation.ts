import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { isRowId, type Thread } from '../../../src/contract'
import { users } from '../../db/schema'
import { AppError } from '../../http/errors'
import { startOrContinueMemberThread } from '../chat/member-thread'
import { getThread, pushChatEvents, type Author } from '../chat/service'
import { isListedMember } from './locations'

const memberNotFound = () => new AppError(404, 'member_not_found', 'memberNotFound')

/**
 * POST /api/owners/:userId/conversation (members only, by the contract's roles): the caller writes to a member
 * of the directory. 404 for oneself and for anyone not in the directory (not a member, not opted in,
 * deactivated, unknown): the directory is the only way in, so no cold messages to arbitrary accounts.
 */
export async function messageMember(
  app: FastifyInstance,
  from: Author,
  memberId: string,
  message: string,
): Promise<Thread> {
  if (!isRowId(memberId) || memberId === from.id) throw memberNotFound()
  const started = await app.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, memberId), isListedMember()))
    if (!member) throw memberNotFound()
    return startOrContinueMemberThread(app, tx, from, member.id, message)
  })
  await pushChatEvents(app, started.pushes)
  return getThread(app.db, started.thread.id, from)
}
