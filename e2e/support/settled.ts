import type { Page, Request } from '@playwright/test'

/** How long the page must have had no request in flight to count as settled (a frame's React work fits). */
const QUIET_MS = 150
const POLL_MS = 25

/**
 * Watches a page's requests so a test can wait for its data to have arrived: `settled()` resolves once no
 * request has been in flight for 150 ms (counted from the call at the earliest) and nothing shows `aria-busy="true"`, or after `timeout` (a request
 * that never ends is the page's business, not a reason to fail the check that follows). Playwright's
 * `networkidle` waits a fixed 500 ms of quiet after every load, about a third of a route's check time in
 * `every-route.spec.ts`. The realtime socket is not a request and is not counted.
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<Request>()
  let lastChange = Date.now()
  const start = (request: Request) => {
    inFlight.add(request)
    lastChange = Date.now()
  }
  const end = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now()
  }
  page.on('request', start)
  page.on('requestfinished', end)
  page.on('requestfailed', end)

  return async function settled(timeout = 5_000) {
    // Quiet counts from now at the earliest: what was just done may not have reached us as a request yet.
    const called = Date.now()
    const deadline = called + timeout
    while (Date.now() < deadline) {
      if (inFlight.size === 0 && Date.now() - Math.max(lastChange, called) >= QUIET_MS) {
        const busy = await page.locator('[aria-busy="true"]').count()
        if (busy === 0 && inFlight.size === 0) return
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }
}
