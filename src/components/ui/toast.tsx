import { useSyncExternalStore } from 'react'
import { activeToast, subscribeToToasts } from '@/lib/toast'
import { deferred, useDeferred } from './deferred'

export { toast, dismissToast, TOAST_DURATION_MS, type ToastInput, type ToastVariant } from '@/lib/toast'

const view = deferred(() => import('./toaster-view'))

/**
 * Renders the toasts. Radix's toast code is not part of the first paint: it loads when the browser is idle,
 * or at once when a toast comes first (the queue keeps it meanwhile, so none is lost).
 */
export function Toaster() {
  const waiting = useSyncExternalStore(subscribeToToasts, activeToast, () => null) !== null
  const { module } = useDeferred(view, waiting ? 'now' : 'idle')
  return module ? <module.ToasterView /> : null
}
