import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches, kept in step with changes (a resize, a mouse plugged in). Without
 * matchMedia, `withoutMatchMedia` (by default: it does). Null while the page hydrates markup the server
 * rendered (the server cannot know the screen): render what fits both answers, with CSS choosing, until
 * the next render knows.
 */
export function useMediaQuery(query: string, withoutMatchMedia = true): boolean | null {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : withoutMatchMedia),
    () => null,
  )
}

/** A screen used mainly by touch (its primary pointer is a finger): no hover, no Shift+Enter. */
export const TOUCH_SCREEN_QUERY = '(pointer: coarse)'
