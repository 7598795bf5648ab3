import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react'

/**
 * Code that the first paint does not need (a menu's popup, the toast renderer): loaded once, when first
 * asked for or when the browser is idle after the first paint, whichever comes first.
 */
export type Deferred<T> = { get: () => T | undefined; load: () => Promise<T> }

export function deferred<T>(load: () => Promise<T>): Deferred<T> {
  let value: T | undefined
  let pending: Promise<T> | undefined
  return {
    get: () => value,
    load: () =>
      (pending ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined // A failed chunk download is tried again at the next ask.
          throw error
        },
      )),
  }
}

/** Runs `task` when the main thread is idle (at most `timeout` ms later); returns the way to cancel it. */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(task, 200)
  return () => window.clearTimeout(id)
}

/**
 * The deferred module, once here (re-rendering then), and the way to ask for it at once. `preload`:
 * `idle` loads it when the browser is idle after mount, `now` at mount, `ask` only when asked.
 */
export function useDeferred<T>(module: Deferred<T>, preload: 'idle' | 'now' | 'ask' = 'idle') {
  const [value, setValue] = useState<{ module: T } | undefined>(() => {
    const loaded = module.get()
    return loaded === undefined ? undefined : { module: loaded }
  })
  // Code that arrives after the component is gone is kept (module.get) but touches nothing of the page.
  const isMounted = useRef(false)
  useEffect(() => {
    isMounted.current = true
    return () => {
      isMounted.current = false
    }
  }, [])
  const ask = useCallback(
    () =>
      void module.load().then(
        (loaded) => {
          if (!isMounted.current) return
          setValue({ module: loaded })
        },
        (error: unknown) => console.warn('Could not load part of the page', error),
      ),
    [module],
  )
  const here = value !== undefined
  useEffect(() => {
    if (here || preload === 'ask') return
    if (preload === 'now') return ask()
    return whenIdle(ask)
  }, [here, preload, ask])
  return { module: value?.module, ask }
}

/** How a deferred menu was asked open before its code arrived: the popup opens the same way once it does. */
export type OpenedBy = 'keyboard' | 'pointer'

/**
 * What the plain stand-in button hands to the real menu when the real one takes its place. Read as the real
 * menu first renders (the stand-in is still on the page then), not when the code arrives: a press between
 * the code's arrival and that render counts too.
 */
export type MenuHandoff = {
  /** Asked open (and how) before the real menu rendered: the menu starts open. */
  openedBy: () => OpenedBy | null
  /** The stand-in has the keyboard focus: the real trigger takes it. */
  focused: () => boolean
}

export const NO_HANDOFF: MenuHandoff = { openedBy: () => null, focused: () => false }

const OPEN_KEYS = ['Enter', ' ', 'ArrowDown']

/**
 * A menu whose popup code loads after the first paint: until it is here, `standIn` props make a plain
 * button that looks and reads the same (same name, `aria-haspopup`, collapsed) and remembers a press, so
 * the first Enter, Space, ArrowDown or click opens the menu as soon as its code arrives.
 */
export function useDeferredMenu<T>(
  module: Deferred<T>,
  popup: 'menu' | 'dialog',
  { preload = 'idle', onOpen }: { preload?: 'idle' | 'now'; onOpen?: () => void } = {},
) {
  const button = useRef<HTMLButtonElement>(null)
  const openedBy = useRef<OpenedBy | null>(null)
  const [handoff] = useState<MenuHandoff>(() => ({
    openedBy: () => openedBy.current,
    focused: () => button.current !== null && document.activeElement === button.current,
  }))
  const { module: loaded, ask } = useDeferred(module, preload)
  const request = (by: OpenedBy) => {
    if (openedBy.current === null) onOpen?.()
    openedBy.current ??= by
    ask()
  }
  const standIn = {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0 && !event.ctrlKey) request('pointer')
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (!OPEN_KEYS.includes(event.key)) return
      event.preventDefault()
      request('keyboard')
    },
    // A click without a pointer press before it (a screen reader's activation).
    onClick: () => request(openedBy.current ?? 'pointer'),
  }
  return { loaded, handoff, standIn }
}

/**
 * The real menu's side of the handoff: it starts open when the stand-in was pressed, its trigger takes the
 * focus the stand-in had, and a first open by keyboard lands on the first item as Radix's own would (Radix
 * tells keyboard from pointer by listening from its mount, which came after that key).
 */
export function useMenuHandoff(handoff: MenuHandoff = NO_HANDOFF) {
  // What the stand-in holds as the real menu first renders (the stand-in is still there, focus included).
  const [start] = useState(() => ({ openedBy: handoff.openedBy(), focused: handoff.focused() }))
  const [open, setOpen] = useState(start.openedBy !== null)
  const trigger = useRef<HTMLButtonElement>(null)
  const keyboardFirst = useRef(start.openedBy === 'keyboard')
  const takeFocus = useRef(start.focused && start.openedBy === null)
  useEffect(() => {
    if (takeFocus.current) trigger.current?.focus()
    takeFocus.current = false
  }, [])
  // Radix focuses the menu's content as it opens; the first time, after a key, we move on to the first item.
  const onContentFocus = (event: FocusEvent<HTMLElement>) => {
    if (!keyboardFirst.current || event.target !== event.currentTarget) return
    keyboardFirst.current = false
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true })
  }
  return { open, setOpen, trigger, onContentFocus }
}
