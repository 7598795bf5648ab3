import { AppError } from '../../http/errors'
import type { Thread } from '../../../src/contract'
import type { Database } from '../../db/client'
import type { UserRow } from '../users/repository'
import { hasAllAccess } from '../users/roles'
import { findThread, type ThreadRow } from './repository'

/*
 * Who a thread is for: its two participants read and write it; admins and owners may read it as observers;
 * for anyone else it does not exist (404). Plus the names and previews every chat text is made of.
 */

export type Viewer = Pick<UserRow, 'id' | 'roles'>
/** Someone who writes: their name goes into the other side's notice. */
export type Author = Pick<UserRow, 'id' | 'roles' | 'firstName' | 'lastName'>
export type ViewerRole = Thread['viewerRole']

/** Event and notice previews: ids and a short text, never the whole message (events stay far below 10 KB). */
export const PREVIEW_LENGTH = 200

export function preview(text: string, length = PREVIEW_LENGTH): string {
  const characters = Array.from(text)
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`
}

export const displayName = (person: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')

export const threadNotFound = () => new AppError(404, 'thread_not_found', 'threadNotFound')
export const threadBlocked = () => new AppError(409, 'thread_blocked', 'threadBlocked')

export function roleIn(thread: Pick<ThreadRow, 'buyerId' | 'sellerId'>, viewer: Viewer): ViewerRole | null {
  if (thread.buyerId === viewer.id) return 'buyer'
  if (thread.sellerId === viewer.id) return 'seller'
  return hasAllAccess(viewer.roles) ? 'observer' : null
}

/**
 * The thread and the viewer's part in it: 404 unless they take part or are an admin or owner; with
 * `write`, 403 for an observer. `lock` holds the row to the end of the transaction (writes take it, so
 * messages of one thread get their ids in commit order and `after` misses none).
 */
export async function accessThread(
  db: Database,
  id: string,
  viewer: Viewer,
  options: { lock?: boolean; write?: boolean } = {},
) {
  const thread = await findThread(db, id, options)
  const role = thread && roleIn(thread, viewer)
  if (!thread || !role) throw threadNotFound()
  if (options.write && role === 'observer') throw new AppError(403, 'forbidden', 'forbidden')
  return { thread, role }
}
