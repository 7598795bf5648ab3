import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates markup the server rendered (a member's /deals), true from the next render on and
 * on any page the SPA rendered itself. Controls whose value lives in React state stay disabled until then: a
 * choice made in the server's markup before the code came would be reset by hydration, unseen by the page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
