import type { User } from '@/contract'

/** Spec §5: realtime user data requires a non-empty string id; anything else does not connect. */
export function realtimeUserId(user: Pick<User, 'userId'> | null | undefined): string | null {
  const id: unknown = user?.userId
  return typeof id === 'string' && id.trim() !== '' ? id : null
}

/** The one channel a user holds: their own notifications (the server signs no other). */
export const userChannel = (userId: string) => `private-user-${userId}`
