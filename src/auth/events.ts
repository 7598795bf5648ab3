/** What the session announces; others (analytics, realtime) subscribe with `authEvents.on`. */
export type AuthEventMap = {
  tokenRefreshed: { idToken: string; expiresAt: number }
  /** A refresh failed for another reason (network, server): the session ended. */
  tokenExpired: { reason: string }
  /** The refresh token itself is expired or revoked (NotAuthorizedException). */
  refreshTokenExpired: { reason: string }
  /** `languagePreference` is the language saved on the account, which the interface takes on at sign-in. */
  signedIn: { userId: string; role: string; languagePreference: string }
  signedOut: Record<string, never>
}
export type AuthEventName = keyof AuthEventMap
type Listener<E extends AuthEventName> = (payload: AuthEventMap[E]) => void

export function createAuthEvents() {
  const listeners = new Map<AuthEventName, Set<Listener<never>>>()
  return {
    /** Subscribes; returns the unsubscribe function. */
    on<E extends AuthEventName>(event: E, listener: Listener<E>): () => void {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as Listener<never>)
      listeners.set(event, set)
      return () => void set.delete(listener as Listener<never>)
    },
    emit<E extends AuthEventName>(event: E, payload: AuthEventMap[E]) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as Listener<E>)(payload)
        } catch (error) {
          // One failing subscriber must not stop the session's own work.
          console.error(`auth event ${event} listener failed`, error)
        }
      }
    },
  }
}
export type AuthEvents = ReturnType<typeof createAuthEvents>

/** The app's one emitter. */
export const authEvents: AuthEvents = createAuthEvents()
