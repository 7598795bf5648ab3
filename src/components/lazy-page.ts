import { createElement, isValidElement, lazy, type ComponentType, type ReactNode } from 'react'

type Preloadable = { preload?: () => Promise<unknown> }

/**
 * A lazily loaded page (its own chunk, shown behind the layout's spinner while it loads: spec §2) that can
 * also be asked to load before it renders (`preloadPages`).
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let pending: Promise<{ default: ComponentType }> | undefined
  const preload = () =>
    (pending ??= load().then(
      (module) => ({ default: module[name] }),
      (error: unknown) => {
        pending = undefined // A failed download is tried again by the next render.
        throw error
      },
    ))
  return Object.assign(lazy(preload), { preload })
}

/** The page as a route element. */
export const lazyPageElement = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  createElement(lazyPage(load, name))

/**
 * Starts loading the pages of the routes matched at startup, so the first page's code downloads beside the
 * app's instead of after the app has rendered and found it missing (one round trip less before the page).
 */
export function preloadPages(matches: { route: { element?: ReactNode } }[] | null) {
  for (const { route } of matches ?? []) {
    const type = isValidElement(route.element) ? (route.element.type as Preloadable) : undefined
    void type?.preload?.().catch(() => {}) // The render reports a failure, with its retry.
  }
}
