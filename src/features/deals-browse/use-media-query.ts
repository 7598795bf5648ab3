import { useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, kept in step with resizes. Without matchMedia, assume it does. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  )
}

/** Tailwind's `md` breakpoint: below it the filters become a sheet and the map a toggle. */
export const DESKTOP_QUERY = '(min-width: 768px)'
