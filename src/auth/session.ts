import type { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js'
import type { QueryClient } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor } from '@/api/queries'
import { closePageSessionRoute, lazyEndpoint, openPageSessionRoute, type User } from '@/contract'
import { AUTH_FLAG_KEY } from '@/lib/storage-keys'
import type { IdentityClient, AuthStep } from './cognito'
import { sessionTokens } from './session-tokens'
import {
  authError,
  isAccountDeactivated,
  isTransientAuthError,
  toAuthError,
  ACCOUNT_DEACTIVATED,
  NOT_CONFIGURED,
  NO_SESSION,
} from './errors'
import { authEvents as defaultEvents, type AuthEvents } from './events'
import { showNotice, showRememberedNotice } from './notices'
import { createRefreshScheduler, needsRefresh, type FreshTokens } from './refresh-scheduler'
import { confirmWithServer, fetchUser, meEndpoint, type ServerCheckFallback } from './server-check'
import { signOutAndClear } from './sign-out'
import * as stored from './storage'
import { authTransport, setAuthTransport, type AuthTransport } from '@/api/transport'
import type { AuthStatus, MfaMethod, SignInResult } from './types'

export type SessionManagerOptions = {
  /** The identity client; rejects with NotConfigured when auth is unconfigured. */
  identity: () => Promise<IdentityClient>
  /**
   * False when no session can be stored (no SDK key): the start-up check then ends signed out without
   * loading the identity client. Left out, the identity client is asked.
   */
  mayHaveStoredSession?: () => boolean
  queryClient: QueryClient
  events?: AuthEvents
  /** A full page load (sign-out and forced sign-outs start clean). */
  redirect?: (path: string) => void
  /** The path to come back to after signing in again. */
  currentPath?: () => string
  now?: () => number
}

type Pending = { user: CognitoUser; challenge: 'NEW_PASSWORD_REQUIRED' | MfaMethod }

const openPageSession = lazyEndpoint('openPageSession', openPageSessionRoute)
const closePageSession = lazyEndpoint('closePageSession', closePageSessionRoute)
/**
 * The start-up check waits this long at most for the identity provider to restore a stored session (issue
 * 22 #21): past it, the page shows signed out and the stored session is kept for the next load, as offline.
 */
const RESTORE_TIMEOUT_MS = 2000

/** `promise`, or a network failure once `ms` have passed without its answer. */
const withinTime = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(authError('NetworkError', `No answer within ${ms} ms`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })

/** Removing the page session must not hold a person who wants to leave. */
const CLOSE_PAGE_SESSION_TIMEOUT_MS = 2000

/** The session of spec §4: one per app, outside React so the fetch wrapper and timers can reach it. */
export class SessionManager {
  private status: AuthStatus = 'loading'
  private listeners = new Set<() => void>()
  private cognitoUser: CognitoUser | null = null
  private session: CognitoUserSession | null = null
  private pending: Pending | null = null
  private ending = false
  /** The page is being left: see onPageHide. */
  private leaving = false
  /** Signed in from a server-rendered page's boot state while the stored session is still being restored. */
  private resuming = false
  /** A refresh before the person was confirmed signed in answered "User is disabled." (see start). */
  private refusedAsDeactivated = false
  private readonly events: AuthEvents
  private readonly redirect: (path: string) => void
  private readonly currentPath: () => string
  private readonly now: () => number
  readonly scheduler

  constructor(private readonly options: SessionManagerOptions) {
    this.events = options.events ?? defaultEvents
    this.redirect = options.redirect ?? ((path) => window.location.assign(path))
    this.currentPath =
      options.currentPath ?? (() => `${window.location.pathname}${window.location.search}${window.location.hash}`)
    this.now = options.now ?? (() => Date.now())
    this.scheduler = createRefreshScheduler({
      now: this.now,
      events: this.events,
      refresh: () => this.refreshTokens(),
      store: (tokens) => {
        stored.storeTokens(tokens.idToken, tokens.refreshToken)
        this.sharePageSession()
      },
      clearAuthState: ({ clearCachedUser }, failure) =>
        isAccountDeactivated(failure)
          ? this.deactivated()
          : this.endSession(clearCachedUser ? 'refreshTokenDead' : 'refreshFailed'),
    })
  }

  // --- state for React (useSyncExternalStore) ---
  getStatus = () => this.status
  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }
  private setStatus(status: AuthStatus) {
    this.status = status
    this.listeners.forEach((listener) => listener())
  }

  /** Starts signed in as `user` (or signed out) without reading storage: tests and previews. */
  assume(user: User | null) {
    if (user) this.options.queryClient.setQueryData(keyFor(meEndpoint), user)
    this.setStatus(user ? 'authenticated' : 'unauthenticated')
  }

  /**
   * Starts signed in as `user`, the member a server-rendered page was rendered for (its boot state), so the
   * SPA hydrates that page as it is. The stored session's check (`startOnce`) still runs, and ends the
   * session if it fails; until it is done, calls wait for it rather than go out without a token.
   */
  resume(user: User) {
    this.options.queryClient.setQueryData(keyFor(meEndpoint), user)
    this.resuming = true
    this.installTransport()
    this.setStatus('authenticated')
  }

  /**
   * Hands the current ID token to the server as the page session (an HttpOnly cookie), once per token, so
   * the next visit's `/deals` comes rendered with the member's listings. Best effort: without it the SPA
   * renders the page as before.
   */
  private sharePageSession() {
    if (!this.session) return
    const { expiresAt } = sessionTokens(this.session)
    // A token about to be renewed is not worth a cookie (nor a refresh of its own): its successor is shared.
    if (stored.pageSessionShared() === expiresAt || needsRefresh(expiresAt, this.now())) return
    void call(openPageSession).then(
      () => stored.setPageSessionShared(expiresAt),
      () => undefined,
    )
  }

  /** Asks the server to drop the page session (sign-out), waiting a short while at most. */
  private async dropPageSession() {
    if (!this.session) return
    await Promise.race([
      call(closePageSession).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, CLOSE_PAGE_SESSION_TIMEOUT_MS)),
    ])
  }

  /** The fetch wrapper's side of the session. */
  readonly transport: AuthTransport = {
    getFreshToken: async () => {
      const session = await this.restored()
      if (!session) return null
      const { idToken, expiresAt } = sessionTokens(session)
      if (!needsRefresh(expiresAt, this.now())) return idToken
      return this.scheduler.refreshNow()
    },
    forceRefresh: async () => ((await this.restored()) ? this.scheduler.refreshNow() : null),
    onSessionExpired: () => this.endSession('rejected'),
    onDeactivated: () => this.deactivated(),
  }

  private installTransport() {
    setAuthTransport(this.transport)
  }

  /**
   * The session held, once any restore under way is done: a call made while a resumed session is restored
   * waits for it, rather than go out without a token.
   */
  private async restored(): Promise<CognitoUserSession | null> {
    if (!this.session && this.resuming) await this.startOnce()
    return this.session
  }

  private started: Promise<void> | null = null
  /** Runs the startup check once, however often React mounts the provider. */
  startOnce = () =>
    (this.started ??= this.start().finally(() => {
      this.resuming = false
    }))

  /** Startup check (spec §4): corrupt tokens out, stored session restored and confirmed by the server. */
  private async start() {
    stored.removeCorruptIdTokens()
    showRememberedNotice()
    if (this.options.mayHaveStoredSession?.() === false) {
      // What the identity client would answer (no current user), without downloading it.
      this.installTransport()
      this.clearStored({ cachedUser: false })
      return this.setStatus('unauthenticated')
    }
    let client: IdentityClient
    try {
      client = await this.options.identity()
    } catch {
      return this.setStatus('unauthenticated')
    }
    this.installTransport()
    const user = await client.currentUser()
    if (!user) {
      this.clearStored({ cachedUser: false })
      return this.setStatus('unauthenticated')
    }
    try {
      this.adopt(user, await withinTime(client.restore(user), RESTORE_TIMEOUT_MS))
    } catch (error) {
      const failure = toAuthError(error)
      // Offline, or this page is being left while the SDK refreshes: the stored session may be perfectly
      // good, so keep it for the next page load (clearing it here signed people out on a quick reload).
      if (isTransientAuthError(failure)) return this.setStatus('unauthenticated')
      const refused = failure.code === 'NotAuthorizedException'
      this.clearStored({ cachedUser: refused })
      // A stored session the identity provider refuses (revoked or expired): say why they must sign in.
      if (refused) showNotice(isAccountDeactivated(failure) ? 'accountDeactivated' : 'sessionExpired')
      return this.setStatus('unauthenticated')
    }
    const hadFlag = stored.hasAuthFlag()
    const confirmed = await this.confirm(hadFlag ? 'cachedUser' : 'none')
    if ('error' in confirmed) {
      this.forget()
      // The first call's refresh may have been the one refused as deactivated: the call then went without a
      // token and was refused as such, but the person must be told why.
      if (confirmed.error.code === ACCOUNT_DEACTIVATED || this.refusedAsDeactivated) showNotice('accountDeactivated')
      else if (confirmed.error.code === 'NotAuthorizedException') showNotice('sessionExpired')
      return this.setStatus('unauthenticated')
    }
    this.becomeAuthenticated(confirmed.user)
  }

  private adopt(user: CognitoUser, session: CognitoUserSession) {
    this.cognitoUser = user
    this.session = session
    const tokens = sessionTokens(session)
    stored.storeTokens(tokens.idToken, tokens.refreshToken)
  }

  private confirm(fallback: ServerCheckFallback) {
    return confirmWithServer(
      this.options.queryClient,
      this.session ? sessionTokens(this.session).idToken : null,
      fallback,
    )
  }

  private becomeAuthenticated(user: User) {
    this.refusedAsDeactivated = false
    stored.setAuthFlag()
    stored.writeCachedUser(user, this.now())
    this.ending = false
    if (this.session) this.scheduler.start(sessionTokens(this.session).expiresAt)
    this.setStatus('authenticated')
    this.sharePageSession()
  }

  // --- sign-in ---

  private async withClient(step: (client: IdentityClient) => Promise<SignInResult>): Promise<SignInResult> {
    let client: IdentityClient
    try {
      client = await this.options.identity()
    } catch {
      return { type: 'error', ...authError(NOT_CONFIGURED) }
    }
    try {
      return await step(client)
    } catch (error) {
      return { type: 'error', ...toAuthError(error) }
    }
  }

  private async afterStep(user: CognitoUser, step: AuthStep): Promise<SignInResult> {
    if (step.kind === 'challenge') {
      this.pending = { user, challenge: step.name }
      return step.name === 'NEW_PASSWORD_REQUIRED'
        ? { type: 'newPasswordRequired' }
        : { type: 'mfaRequired', method: step.name }
    }
    this.pending = null
    this.installTransport()
    this.adopt(user, step.session)
    const confirmed = await this.confirm('token')
    if ('error' in confirmed) {
      this.forget()
      return { type: 'error', ...confirmed.error }
    }
    this.becomeAuthenticated(confirmed.user)
    const { userId, role, languagePreference } = confirmed.user
    this.events.emit('signedIn', { userId, role, languagePreference })
    return { type: 'signedIn' }
  }

  signIn = (email: string, password: string) =>
    this.withClient(async (client) => {
      const { user, step } = await client.signIn(email, password)
      return this.afterStep(user, step)
    })

  signInWithLink = (email: string, code: string) =>
    this.withClient(async (client) => {
      const { user, step } = await client.signInWithLink(email, code)
      return this.afterStep(user, step)
    })

  completeNewPassword = (newPassword: string) =>
    this.withClient(async (client) => {
      const pending = this.pending
      if (pending?.challenge !== 'NEW_PASSWORD_REQUIRED') throw authError(NO_SESSION)
      return this.afterStep(pending.user, await client.completeNewPassword(pending.user, newPassword))
    })

  submitMfaCode = (code: string) =>
    this.withClient(async (client) => {
      const pending = this.pending
      if (!pending || pending.challenge === 'NEW_PASSWORD_REQUIRED') throw authError(NO_SESSION)
      return this.afterStep(pending.user, await client.sendMfaCode(pending.user, code, pending.challenge))
    })

  /** Asks the server for the user again; the cache and the stored copy follow. */
  refreshUser = async ({ renewTokens = false }: { renewTokens?: boolean } = {}): Promise<User | null> => {
    if (this.status !== 'authenticated') return null
    if (renewTokens && !(await this.scheduler.refreshNow())) return null
    try {
      const user = await fetchUser(this.options.queryClient)
      stored.writeCachedUser(user, this.now())
      return user
    } catch {
      return null
    }
  }

  // --- refresh ---

  private async refreshTokens(): Promise<FreshTokens> {
    const client = await this.options.identity()
    if (!this.cognitoUser || !this.session) throw authError(NO_SESSION)
    const session = await client.refresh(this.cognitoUser, this.session)
    this.session = session
    return sessionTokens(session)
  }

  /** The page is visible again: a token that slept past its refresh time is renewed now. */
  onVisible = () => {
    if (this.status === 'authenticated') void this.scheduler.checkNow()
  }

  /**
   * The page is being left (pagehide). Its requests are being cut off as it unloads, so whatever they answer
   * now says nothing about the session, while the next page is already reading the same stored keys: from
   * here on this page never clears the stored session nor ends it. A page restored from the back/forward
   * cache (pageshow) is itself again.
   */
  onPageHide = () => {
    this.leaving = true
  }
  onPageShow = () => {
    this.leaving = false
  }

  /**
   * Another tab signed out (its sign-out removed the authenticated flag, or wiped storage): follow it, so
   * this tab does not keep acting for someone who left.
   */
  onStorage = (event: Pick<StorageEvent, 'key' | 'newValue'>) => {
    const flagGone = event.key === null || (event.key === AUTH_FLAG_KEY && event.newValue === null)
    if (!flagGone || this.status !== 'authenticated' || this.leaving) return
    this.forget()
    this.options.queryClient.removeQueries({ queryKey: keyFor(meEndpoint) })
    this.setStatus('unauthenticated')
    this.redirect('/')
  }

  // --- endings ---

  /** Local state only: timer, tokens, in-memory session. */
  private forget(cachedUser = false) {
    this.scheduler.stop()
    this.session = null
    this.cognitoUser = null
    this.pending = null
    this.clearStored({ cachedUser })
  }

  /** Removes the stored session, unless this page is being left (the next page owns it then). */
  private clearStored(options: { cachedUser: boolean }) {
    if (!this.leaving) stored.clearStoredSession(options)
  }

  /**
   * The session ended without the person asking: a refresh failed, or the server rejected a fresh token.
   * Signed in: tell them and send them to sign in again, back to where they were. During startup or
   * sign-in it ends quietly (those flows report it themselves).
   */
  private endSession(reason: 'refreshFailed' | 'refreshTokenDead' | 'rejected') {
    if (this.leaving) return
    const wasSignedIn = this.status === 'authenticated'
    this.forget(reason === 'refreshTokenDead')
    if (!wasSignedIn || this.ending) return
    this.ending = true
    this.options.queryClient.removeQueries({ queryKey: keyFor(meEndpoint) })
    this.setStatus('unauthenticated')
    showNotice('sessionExpired', { survivesReload: true })
    const path = this.currentPath()
    this.redirect(path.startsWith('/auth') ? '/auth' : `/auth?next=${encodeURIComponent(path)}`)
  }

  private deactivated() {
    if (this.leaving) return
    if (this.status !== 'authenticated') {
      this.refusedAsDeactivated = true
      return this.forget(true)
    }
    showNotice('accountDeactivated', { survivesReload: true })
    void this.signOut()
  }

  /**
   * Sign-out, spec §4: stop the timer, sign out of the identity provider (revoking the refresh token when
   * the pool allows), remove every auth key and the dashboard marker, then a full reload to `/`. If any of
   * it throws, all local storage is wiped and the reload still happens.
   */
  signOut = async () => {
    this.scheduler.stop()
    this.events.emit('signedOut', {})
    await this.dropPageSession()
    await signOutAndClear(this.options.identity, this.cognitoUser)
    this.session = null
    this.cognitoUser = null
    this.options.queryClient.removeQueries({ queryKey: keyFor(meEndpoint) })
    // Not signed out yet as far as the page goes: the reload decides that. Signed out here, the guard of the
    // page the member is on sent them to sign in first (a page view of /auth?next=… in analytics, a flash of
    // the sign-in page); until the reload the guards show their spinner.
    this.setStatus('loading')
    this.redirect('/')
  }

  /** Stops timers and hands the fetch wrapper back to the signed-out transport (provider unmount). */
  dispose() {
    this.scheduler.stop()
    if (authTransport() === this.transport) setAuthTransport(null)
  }
}
