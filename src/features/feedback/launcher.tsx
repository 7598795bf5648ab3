import { Suspense, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { deferred, useDeferred } from '@/components/ui/deferred'

/*
 * The floating feedback button (spec §2: signed-in users). Only this button is in the first page's code: the
 * widget (Radix's dialog, the form, its copy) is a chunk loaded when the button is hovered, focused or pressed.
 */
const widget = deferred(() => import('./feedback-widget'))

/** Pages that are the feedback form already. */
const FORM_PAGES = ['/feedback', '/owners-feedback']

/**
 * Whether the feedback tab shows on this page: for signed-in members, except on the feedback form itself. The
 * layout keeps a phone's page content clear of it (layout.tsx).
 */
export function useFeedbackTabShown(): boolean {
  const { status } = useAuth()
  const { pathname } = useLocation()
  return status === 'authenticated' && !FORM_PAGES.includes(pathname)
}

/**
 * A narrow tab on the right edge at mid-height: the chat composer's Send and forms' actions sit at the
 * bottom, where a floating button would cover them (as toasts did: toaster-view.tsx).
 * Its text runs vertically, so Tailwind's logical paddings turn: `px` is its height's, `py` its width's (28 px).
 */
export function FeedbackLauncher() {
  const { t } = useTranslation()
  const shown = useFeedbackTabShown()
  const { pathname, search } = useLocation()
  const [open, setOpen] = useState(false)
  const [page, setPage] = useState(pathname)
  const button = useRef<HTMLButtonElement>(null)
  const { module, ask } = useDeferred(widget, 'ask')

  if (!shown) return null
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('feedbackLauncher.label')}
        onPointerEnter={ask}
        onFocus={ask}
        onClick={() => {
          setPage(`${pathname}${search}`)
          setOpen(true)
          ask()
        }}
        className="fixed top-1/2 right-0 z-30 -translate-y-1/2 rotate-180 rounded-r-md bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white shadow-lg [writing-mode:vertical-rl] hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t('feedbackLauncher.open')}
      </button>
      {module && (
        <Suspense fallback={null}>
          <module.FeedbackWidget open={open} onOpenChange={setOpen} page={page} trigger={button} />
        </Suspense>
      )}
    </>
  )
}
