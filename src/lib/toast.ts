/**
 * The toast queue: a plain store callable from anywhere, React or not (query caches, the session manager,
 * the language switcher). It lives in src/lib so folders below src/components can raise a toast;
 * components/ui/toast.tsx renders it.
 */
export type ToastVariant = 'default' | 'success' | 'destructive'
export type ToastInput = { title: string; description?: string; variant?: ToastVariant }
export type ActiveToast = ToastInput & { id: number }

/** How long a toast stays (Radix's duration; swiping or the close button ends it sooner). */
export const TOAST_DURATION_MS = 5000

let active: ActiveToast | null = null
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

/** Toasts are shown one at a time (spec §9): a new one replaces the current one. */
export function toast(input: ToastInput) {
  active = { ...input, id: nextId++ }
  emit()
}

export function dismissToast(id?: number) {
  if (id === undefined || active?.id === id) {
    active = null
    emit()
  }
}

export const activeToast = (): ActiveToast | null => active

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
