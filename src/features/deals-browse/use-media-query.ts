import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches, kept in step with resizes. Without matchMedia, assume it does. Null
 * while the page hydrates markup the server rendered (the server cannot know the screen): render what fits
 * both answers, with CSS choosing, until the next render knows.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => null,
  )
}

/** Tailwind's `md` breakpoint: below it the filters become a sheet and the map a toggle. */
export const DESKTOP_QUERY = '(min-width: 768px)'
