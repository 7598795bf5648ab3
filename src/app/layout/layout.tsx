import { Suspense, useEffect } from 'react'
import {
  PAGE_READY_ATTRIBUTE,
  PENDING_INPUT_ATTRIBUTE,
  PENDING_SUBMIT_ATTRIBUTE,
  PENDING_VALUE_ATTRIBUTE,
} from '@/contract'
import { Outlet, ScrollRestoration, useMatches } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '@/components/ui/spinner'
import { WebinarBanner } from '@/features/banner'
import { FeedbackLauncher, useFeedbackTabShown } from '@/features/feedback'
import { ProfileCompletionGuard } from '@/features/profile'
import { Footer } from './footer'
import { Header } from './header'

function Main({ children }: { children: React.ReactNode }) {
  // On a phone the feedback tab (28 px, on the right edge) would cover what a page puts at its right margin
  // (16 px), a link such as the dashboard's "Manage my listings" among them: the page keeps clear of it.
  const besideTab = useFeedbackTabShown()
  return (
    <main id="main" tabIndex={-1} className={`flex-1 focus:outline-none ${besideTab ? 'max-sm:pr-4' : ''}`}>
      {children}
    </main>
  )
}

/**
 * Renders nothing; its effect runs once the page beside it has hydrated (or rendered): a prerendered form the
 * visitor submitted before that (held back by the page's first-paint check) is submitted now, by the SPA, a
 * list changed before then (the language select) is changed now, and on a member's server-rendered page a
 * button pressed before then is pressed now.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, '')
    const pending = document.querySelector<HTMLFormElement>(`form[${PENDING_SUBMIT_ATTRIBUTE}]`)
    pending?.removeAttribute(PENDING_SUBMIT_ATTRIBUTE)
    pending?.requestSubmit()
    // What was pressed (a member's server-rendered page) or changed (any first page: the language) before the
    // code arrived happens now. A list gets back the option chosen then, in case a render since has reset it.
    for (const element of document.querySelectorAll<HTMLElement>(`[${PENDING_INPUT_ATTRIBUTE}]`)) {
      const input = element.getAttribute(PENDING_INPUT_ATTRIBUTE)
      const value = element.getAttribute(PENDING_VALUE_ATTRIBUTE)
      element.removeAttribute(PENDING_INPUT_ATTRIBUTE)
      element.removeAttribute(PENDING_VALUE_ATTRIBUTE)
      if (input !== 'change') element.click()
      else {
        if (element instanceof HTMLSelectElement && value !== null) element.value = value
        element.dispatchEvent(new Event('change', { bubbles: true }))
      }
    }
  }, [])
  return null
}

export function Layout() {
  const { t } = useTranslation()
  // One boundary per page (route), so moving to a page whose code has not arrived shows the spinner at once:
  // the router moves in a transition, and React keeps a boundary already on screen showing the page left (no
  // feedback at all on a slow link) but shows a new boundary's fallback. The same page with other parameters
  // (another listing, page 2) keeps its boundary and its state.
  const page = useMatches().at(-1)?.id
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <Header />
      <WebinarBanner />
      {/*
        The footer waits with the page: while a lazily loaded page's code arrives only the spinner shows, so the
        footer never paints above the fold and then jumps down when the page comes (a layout shift, CLS).
      */}
      <Suspense
        key={page}
        fallback={
          <Main>
            <PageSpinner />
          </Main>
        }
      >
        <Main>
          <ProfileCompletionGuard>
            <Outlet />
          </ProfileCompletionGuard>
        </Main>
        <Footer />
        <PageReady />
      </Suspense>
      <FeedbackLauncher />
      <ScrollRestoration />
    </div>
  )
}
