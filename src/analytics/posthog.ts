import type { PostHog } from 'posthog-js'

/*
 * Product analytics (PostHog), off unless VITE_POSTHOG_KEY is set. The SDK is loaded lazily, so it is never
 * part of the first paint and costs nothing when analytics is off.
 */

const DEFAULT_HOST = 'https://us.i.posthog.com'

export const analyticsKey = (): string | null => import.meta.env.VITE_POSTHOG_KEY?.trim() || null

let loading: Promise<PostHog | null> | null = null
let client: PostHog | null = null
let identifiedId: string | null = null

function load(): Promise<PostHog | null> {
  const key = analyticsKey()
  if (!key) return Promise.resolve(null)
  loading ??= import('posthog-js')
    .then(({ default: posthog }) => {
      const host = (import.meta.env.VITE_POSTHOG_HOST as string | undefined)?.trim() || DEFAULT_HOST
      posthog.init(key, {
        api_host: host,
        person_profiles: 'identified_only',
        capture_pageview: 'history_change',
        // Recordings and surveys load extra scripts from PostHog that our Content-Security-Policy refuses;
        // so would the remote config's script on every load (a console error each time): no script from
        // PostHog at all, its config is still fetched as JSON.
        disable_session_recording: true,
        disable_surveys: true,
        disable_external_dependency_loading: true,
      })
      client = posthog
      return posthog
    })
    .catch((error: unknown) => {
      // Analytics must never break the app (an ad blocker, an offline CDN).
      console.warn('Analytics could not load', error)
      loading = null
      return null
    })
  return loading
}

/** Identifies the signed-in person once per login (PostHog keeps the id across page loads). */
export async function identifyUser({ userId, role }: { userId: string; role: string }) {
  if (identifiedId === userId || !analyticsKey()) return
  identifiedId = userId
  const posthog = await load()
  if (posthog && posthog.get_distinct_id() !== userId) posthog.identify(userId, { role })
}

/**
 * Forgets the person on sign-out, so the next one on this browser starts anonymous, with a new device id too
 * (`reset(true)`): two people sharing a browser are never linked.
 */
export function resetAnalytics() {
  identifiedId = null
  if (client) client.reset(true)
  else void loading?.then((posthog) => posthog?.reset(true))
}
