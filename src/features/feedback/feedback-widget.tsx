import { useEffect, type RefObject } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { FeedbackStepsView } from './feedback-steps'
import { useFeedbackSteps } from './feedback-state'

/** Spec §9: the widget forgets what was in it this long after it closes (after its closing animation). */
export const WIDGET_RESET_DELAY_MS = 300

type WidgetProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The page the widget was opened on. */
  page: string
  /** The floating button, which gets the focus back on closing. */
  trigger: RefObject<HTMLButtonElement | null>
}

/** The floating widget's dialog (loaded when first asked for: launcher.tsx). */
export function FeedbackWidget({ open, onOpenChange, page, trigger }: WidgetProps) {
  const { t } = useTranslation('feedback')
  const steps = useFeedbackSteps()
  const { reset } = steps
  useEffect(() => {
    if (open) return
    const timer = window.setTimeout(reset, WIDGET_RESET_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [open, reset])

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {t('title')}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('close')}
              className="grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span aria-hidden="true" className="text-xl leading-none">
                ×
              </span>
            </Dialog.Close>
          </div>
          <FeedbackStepsView steps={steps} page={page} ownersClub={false} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
