import type { APIRequestContext, Browser, Page } from '@playwright/test'
import type { HelpHome, ThreadPage, TrainingOverview } from '../src/contract'
import { expect, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'
import { axeViolations } from './support/axe'
import { watchRequests } from './support/settled'

/**
 * Issue 28: every route of the spec (§2) passes axe in English and Spanish, at 1280 and 375 px, and fits the
 * phone without sideways scroll. One browser context per role, signed in once; each language's round loads
 * the app once and opens its routes as the app's links do, each checked at both widths (a resize, not a
 * reload). Problems are gathered and listed together, so one run names every defect.
 */
test.describe.configure({ mode: 'default' })

const LANGUAGES = ['en', 'es'] as const
const WIDE = { width: 1280, height: 800 }
const PHONE = { width: 375, height: 812 }

type MyDeals = { items: { id: string; status: string }[] }

/** Checks a page: axe at 1280 px, then at 375 px with the phone checks. */
async function checkPage(page: Page, path: string, language: string): Promise<string[]> {
  const problems = await axeViolations(page, `${path} [${language} 1280]`)
  await page.setViewportSize(PHONE)
  problems.push(...(await phoneChecks(page, `${path} [${language} 375]`)))
  problems.push(...(await axeViolations(page, `${path} [${language} 375]`)))
  await page.setViewportSize(WIDE)
  return problems
}

/**
 * What a phone shows besides axe's rules, in one pass over the page:
 * - Nothing scrolls sideways.
 * - The feedback tab is fixed to the right edge at mid-height, and a page scrolls beneath it: nothing a member
 *   taps in the page may have its content box in the tab's strip, or it lies under the tab at some scroll. A
 *   row's own padding may pass under it; a map's markers, what is visually hidden (a phone's table headings) and
 *   what sits in a strip that scrolls sideways (the member moves it from under the tab) are left out.
 * - Nothing in the page takes the keyboard's focus while visually hidden (inside a 1 px clipped box, as `sr-only`
 *   makes): a keyboard user's focus would vanish. Native checkboxes, radios and file fields drawn by a label of
 *   their own are left out; that label shows their focus.
 */
async function phoneChecks(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(async () => {
    // Let media queries, React and layout settle after the resize: two frames.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const overflow = document.documentElement.scrollWidth - window.innerWidth

    const tappable = ['a[href]', 'button', 'input', 'select', 'textarea', '[role="button"]', '[role="tab"]'].join()
    const focusable = [
      'a[href]',
      'button:not([disabled])',
      'select:not([disabled])',
      'textarea:not([disabled])',
      'input:not([disabled]):not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="file"])',
      '[tabindex]:not([tabindex="-1"])',
    ].join()
    const label = (element: Element) =>
      (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 40)

    const tab = [...document.querySelectorAll('button')].find((button) =>
      /^(Send feedback|Enviar comentarios)$/.test(button.getAttribute('aria-label') ?? ''),
    )
    const tabRect = tab?.getBoundingClientRect()
    const tabLeft = tabRect && tabRect.width > 0 ? tabRect.left : undefined
    const leftOutOfTab = (element: Element) => {
      if (element.closest('.leaflet-container')) return true
      for (let node = element.parentElement; node; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node)
        if (overflowX === 'hidden' && node.clientWidth <= 1) return true
        if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth) return true
      }
      return false
    }
    // The element's content box: a full-width row's own padding may pass under the tab, its text may not.
    const contentRight = (element: Element) => {
      const style = getComputedStyle(element)
      const padding = parseFloat(style.paddingRight) + parseFloat(style.borderRightWidth)
      return element.getBoundingClientRect().right - padding
    }
    const reachesUnderTab = (element: Element) => {
      if (tabLeft === undefined || !element.matches(tappable)) return false
      const rect = element.getBoundingClientRect()
      return rect.width > 0 && rect.height > 0 && contentRight(element) > tabLeft && !leftOutOfTab(element)
    }
    const focusableButHidden = (element: Element) => {
      if (!element.matches(focusable) || element.getAttribute('tabindex') === '-1') return false
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.display === 'none' || style.visibility === 'hidden') return false
        if (style.overflow === 'hidden' && node.clientWidth <= 1 && node.clientHeight <= 1) return true
      }
      return false
    }

    const interactive = [...document.querySelectorAll(`${tappable},[tabindex]`)].filter((element) =>
      element.closest('main'),
    )
    return {
      overflow,
      underTab: interactive.filter(reachesUnderTab).map(label),
      hidden: interactive.filter(focusableButHidden).map(label),
    }
  })
  return [
    ...(found.overflow > 0 ? [`${where}: scrolls sideways by ${found.overflow} px`] : []),
    ...found.underTab.map((name) => `${where}: "${name}" reaches under the feedback tab`),
    ...found.hidden.map((name) => `${where}: "${name}" takes keyboard focus but is hidden`),
  ]
}

/**
 * Goes to a route the way the app's own links do (a history entry the router reads), so the bundle is not
 * parsed and axe not injected again for every route: loading each one afresh was two thirds of this file's
 * time. The first route of each language is a full load, which also applies the stored language.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1
    window.history.pushState({ usr: null, key: `e2e${index}`, idx: index }, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
}

/** Every route in both languages, in one page: the stored language is switched between the rounds. */
async function checkRoutes(page: Page, paths: string[]) {
  const settled = watchRequests(page)
  const problems: string[] = []
  for (const language of LANGUAGES) {
    await page.evaluate((value) => localStorage.setItem('language', value), language)
    for (const [index, path] of paths.entries()) {
      if (index === 0) await page.goto(path)
      else await openInApp(page, path)
      await expect(page.locator('html'), `${path} in ${language}`).toHaveAttribute('lang', language)
      // Let the page's code and first data arrive (the realtime socket is not counted).
      await settled()
      await expect(page.getByRole('heading', { level: 1 }).first(), `${path}: its main heading`).toBeVisible()
      const found = await checkPage(page, path, language)
      // Named as found too, so a run cut short still tells what it saw.
      for (const problem of found) console.log(problem)
      problems.push(...found)
    }
  }
  expect(problems, `${paths.length} routes × ${LANGUAGES.length} languages × 2 widths`).toEqual([])
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: WIDE })
  const page = await context.newPage()
  await uiSignIn(page, email)
  return page
}

/** A live listing of the demo seller's: the deal pages are checked on a real one. */
async function sellerDeal(request: APIRequestContext) {
  const seller = await apiSignIn(request, 'seller@demo.test')
  const mine = await apiCall<MyDeals>(request, seller.IdToken, 'GET', '/api/deals/mine')
  const deal = mine.items.find((item) => item.status === 'active')
  expect(deal, 'a live listing of the demo seller').toBeTruthy()
  return deal!.id
}

test('every public route passes axe signed out, in en and es, at 1280 and 375 px', async ({ page, request }) => {
  test.setTimeout(test.info().timeout * 16)
  const help = (await (await request.get('/api/help/articles')).json()) as HelpHome
  const qa = (await (await request.get('/api/help/qa')).json()) as { questions: { id: string }[] }
  await page.setViewportSize(WIDE)
  await page.goto('/')
  await checkRoutes(page, [
    '/',
    '/auth',
    '/legacy-auth',
    '/reset-password',
    '/signup',
    '/signup/buyer',
    '/signup/buyer-legacy',
    '/signup/seller',
    '/signup/seller/thank-you',
    '/verify',
    '/verify-email-change',
    '/requestAccess',
    '/test-invitation',
    '/unauthorized',
    '/terms',
    '/privacy',
    '/accessibility',
    '/features',
    '/help',
    `/help/article/${help.articles[0]!.id}`,
    `/help/qa/${qa.questions[0]!.id}`,
    `/help-qa/${qa.questions[0]!.id}`,
    '/zip/85001/analytics',
    '/unsubscribe',
    '/listing-confirm',
    '/no-such-page',
  ])
})

test('every buyer route passes axe, in en and es, at 1280 and 375 px', async ({ browser, request }) => {
  test.setTimeout(test.info().timeout * 16)
  const dealId = await sellerDeal(request)
  const buyer = await apiSignIn(request, 'buyer@demo.test')
  const threads = await apiCall<ThreadPage>(request, buyer.IdToken, 'GET', '/api/chat/threads?limit=1')
  const training = await apiCall<TrainingOverview>(request, buyer.IdToken, 'GET', '/api/training/lessons')
  const page = await signedIn(browser, 'buyer@demo.test')
  await checkRoutes(page, [
    '/deals',
    '/listings',
    `/deals/${dealId}`,
    '/chat',
    ...(threads.items[0] ? [`/chat/${threads.items[0].threadId}`] : []),
    '/profile',
    '/profile?tab=buybox',
    '/profile?tab=preferences',
    '/training',
    `/training/${training.lessons[0]!.id}`,
    '/feedback',
    '/buyers',
  ])
  await page.context().close()
})

test('every seller route passes axe, in en and es, at 1280 and 375 px', async ({ browser, request }) => {
  test.setTimeout(test.info().timeout * 16)
  const dealId = await sellerDeal(request)
  const page = await signedIn(browser, 'seller@demo.test')
  await checkRoutes(page, [
    '/dashboard',
    '/deals/mine',
    '/deals/new',
    `/deals/${dealId}/edit`,
    `/deals/${dealId}/offers`,
    `/deals/${dealId}/analytics`,
    '/buyers',
    '/owners',
    '/owners-feedback',
    '/profile?tab=seller-preferences',
  ])
  await page.context().close()
})

test('every admin route passes axe, in en and es, at 1280 and 375 px', async ({ browser, request }) => {
  test.setTimeout(test.info().timeout * 16)
  const owner = await apiSignIn(request, 'owner@demo.test')
  const me = await apiCall<{ id: string }>(request, owner.IdToken, 'GET', '/api/auth/me')
  const page = await signedIn(browser, 'owner@demo.test')
  await checkRoutes(page, [
    '/admin',
    `/admin/users/${me.id}`,
    '/admin/audit',
    '/admin/training',
    '/admin/roadmap',
    '/admin/help',
    '/admin/feedback',
    '/admin/seller-requests',
    '/admin/access',
    '/admin/settings',
    '/helptest',
    '/map-optimization-demo',
  ])
  await page.context().close()
})
