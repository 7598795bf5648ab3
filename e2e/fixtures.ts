import { test as base, expect, type Page } from '@playwright/test'
import { axeViolations } from './support/axe'
import { projectServers } from './support/project-servers'
import { startServer } from './support/servers'

/**
 * Runs axe on the page as it is now and fails with a readable list of violations; then checks the page
 * fits a 375 px phone (expectFitsPhone). Every page a test visits comes through here.
 */
export async function expectAccessible(page: Page) {
  await expectAxeClean(page)
  await expectFitsPhone(page)
}

/** Axe alone, for a state of a page already checked whole (an open dialog: a fresh load would not show it). */
export async function expectAxeClean(page: Page) {
  expect(await axeViolations(page), `axe found violations on ${page.url()}`).toEqual([])
}

const PHONE = { width: 375, height: 812 }

/** How far the document reaches past the viewport's right edge (0 when nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(async () => {
    // Let media queries, React and layout settle after a resize or load: two frames.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    return document.documentElement.scrollWidth - window.innerWidth
  })

/**
 * No sideways scroll at 375 px in the page's language, on this very page (narrowed, then put back, so the
 * test's state is kept). The other language at 375 px is `e2e/every-route.spec.ts`'s subject: it loads every
 * route in both languages at both widths, so a journey no longer loads each page it visits a second time.
 */
export async function expectFitsPhone(page: Page) {
  const url = page.url()
  if (!url.startsWith('http')) return
  const size = page.viewportSize()
  if (!size) return
  await page.setViewportSize(PHONE)
  try {
    expect(await sidewaysOverflow(page), `${url} scrolls sideways at 375 px`).toBeLessThanOrEqual(0)
  } finally {
    await page.setViewportSize(size)
  }
}

/** What a failed journey's browser did (kept short: the CI log shows only its tail). */
const DIAGNOSTIC_LINES = 60

type Fixtures = {
  /**
   * On failure, the test's report carries what its page did: navigations, console warnings and errors,
   * page errors, failed requests and 4xx/5xx answers, then the page's address and its header as the
   * accessibility tree has it. A failure seen only in CI can then be read from the log.
   */
  browserLog: void
  /** Goes to a path, waits for its main heading and checks it with axe (every visited page is checked). */
  visit: (path: string) => Promise<void>
  /** Console errors and failed page scripts (a CSP violation shows up here). */
  pageErrors: string[]
}

type WorkerFixtures = {
  /** The servers only this worker's project uses (e2e/support/project-servers.ts), up for as long as it runs. */
  projectServers: void
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  projectServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
    async ({}, use, workerInfo) => {
      const started: { stop: () => Promise<unknown> }[] = []
      try {
        // One after another: the Pusher-mode server needs its realtime node.
        for (const spec of projectServers(workerInfo.project.name)) started.push(await startServer(spec))
        await use()
      } finally {
        for (const server of started.reverse()) await server.stop()
      }
    },
    { scope: 'worker', auto: true, timeout: 300_000 },
  ],
  browserLog: [
    async ({ context }, use, testInfo) => {
      const lines: string[] = []
      const started = Date.now()
      const note = (line: string) => {
        lines.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`)
        if (lines.length > DIAGNOSTIC_LINES) lines.shift()
      }
      const watch = (page: Page) => {
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) note(`navigated to ${frame.url()}`)
        })
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning')
            note(`console ${message.type()}: ${message.text()}`)
        })
        page.on('pageerror', (error) => note(`page error: ${String(error)}`))
        page.on('requestfailed', (request) => {
          // A navigation cancels what the page it left was loading: not a failure.
          const reason = request.failure()?.errorText
          if (reason !== 'net::ERR_ABORTED') note(`request failed: ${request.url()} ${reason}`)
        })
        page.on('response', (response) => {
          if (response.status() >= 400)
            note(`answer ${response.status()}: ${response.request().method()} ${response.url()}`)
        })
      }
      context.pages().forEach(watch)
      context.on('page', watch)
      await use()
      if (testInfo.status === testInfo.expectedStatus) return
      for (const page of context.pages()) {
        const header = await page
          .getByRole('banner')
          .ariaSnapshot({ timeout: 2000 })
          .catch(() => '(no header)')
        note(`at ${page.url()}, header: ${header.replaceAll('\n', ' | ')}`)
      }
      await testInfo.attach('browser log', { body: lines.join('\n'), contentType: 'text/plain' })
    },
    { auto: true },
  ],
  pageErrors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(String(error)))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await use(errors)
  },
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible(page)
    })
  },
})

export { expect }
