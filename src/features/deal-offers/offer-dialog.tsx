import type { ReactNode, RefObject } from 'react'
import * as Dialog from '@radix-ui/react-dialog'

/**
 * A centred Radix dialog for a decision on an offer: focus stays inside, Escape closes, focus returns to
 * the button that opened it. `alert` makes it an alertdialog (a confirmation that asks for a decision);
 * `initialFocus` is where focus starts (the safe choice of a confirmation).
 */
export function OfferDialog({
  open,
  onOpenChange,
  title,
  description,
  alert = false,
  initialFocus,
  onCloseAutoFocus,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  alert?: boolean
  initialFocus?: RefObject<HTMLElement | null>
  /** Radix's: called as the dialog closes, before focus goes back to its opener (preventDefault to choose). */
  onCloseAutoFocus?: (event: Event) => void
  children: ReactNode
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          role={alert ? 'alertdialog' : 'dialog'}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return
            event.preventDefault()
            initialFocus.current.focus()
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="grid gap-2 text-sm text-slate-700">{description}</div>
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
