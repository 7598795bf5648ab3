import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { ThreadPage } from '../src/contract'
import { expect, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'
import { channelSubscribedAfterNavigation } from './support/realtime'

/*
 * Issue 22 item 20, where a person sees it: on a phone with the webinar banner on, the composer started below
 * the first screen, and the banner could not be closed; at 1280 px a toast covered the composer's Send.
 * The viewer is the hybrid demo user (a buyer, and privileged: connected to the socket from sign-in), writing
 * to the demo seller.
 */
const VIEWER = 'hybrid@demo.test'
const SELLER = 'seller@demo.test'

type MyDeals = { items: { id: string; status: string }[] }

/** Two conversations of the viewer with the demo seller, started through the API when missing. */
async function twoConversations(request: APIRequestContext) {
  const viewer = await apiSignIn(request, VIEWER)
  const seller = await apiSignIn(request, SELLER)
  const threads = await apiCall<ThreadPage>(request, viewer.IdToken, 'GET', '/api/chat/threads?limit=100')
  const sellerId = (await apiCall<{ userId: string }>(request, seller.IdToken, 'GET', '/api/auth/me')).userId
  const withSeller = threads.items.filter((thread) => thread.seller.id === sellerId && !thread.blocked)
  const ids = withSeller.filter((thread) => thread.viewerRole === 'buyer').map((thread) => thread.threadId)
  if (ids.length < 2) {
    const taken = new Set(threads.items.map((thread) => thread.deal?.id))
    const mine = await apiCall<MyDeals>(request, seller.IdToken, 'GET', '/api/deals/mine')
    const deals = mine.items.filter((deal) => deal.status === 'active' && !taken.has(deal.id)).slice(0, 2 - ids.length)
    for (const deal of deals) {
      const started = await apiCall<{ threadId: string }>(request, viewer.IdToken, 'POST', '/api/chat/threads', {
        dealId: deal.id,
        message: 'Is the roof recent?',
      })
      ids.push(started.threadId)
    }
  }
  return { ids: ids.slice(0, 2), sellerToken: seller.IdToken }
}

const box = async (locator: Locator) => (await locator.boundingBox())!
const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true })

test('on a phone with the webinar banner, the composer is on the first screen, and the banner closes', async ({
  page,
  request,
}) => {
  const { ids } = await twoConversations(request)
  await page.route('**/api/config/feature-flags', (route) =>
    route.fulfill({
      json: { enableWebinarBanner: true, webinarRegistrationUrl: 'https://events.example.org/webinar' },
    }),
  )
  // Signed in on a wide screen (where the header names the account menu), then the phone.
  await uiSignIn(page, VIEWER)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(`/chat/${ids[0]}`)
  const banner = page.getByRole('complementary', { name: 'Webinar' })
  await expect(banner).toBeVisible()
  await expect(send(page)).toBeVisible()
  const sendBox = await box(send(page))
  expect(sendBox.y + sendBox.height, 'Send is on the first screen').toBeLessThanOrEqual(740)

  await banner.getByRole('button', { name: 'Dismiss the webinar banner' }).click()
  await expect(banner).toBeHidden()
  const after = await box(send(page))
  expect(after.y + after.height).toBeLessThanOrEqual(740)
  // Dismissed for the browser session.
  await page.reload()
  await expect(send(page)).toBeVisible()
  await expect(banner).toBeHidden()
})

test('at 1280 px a toast about another conversation leaves the composer’s Send uncovered', async ({
  page,
  request,
}) => {
  const { ids, sellerToken } = await twoConversations(request)
  await page.setViewportSize({ width: 1280, height: 800 })
  await uiSignIn(page, VIEWER)
  // The message is sent once the page's socket has subscribed (an event before that is only caught up by id).
  const subscribed = channelSubscribedAfterNavigation(page)
  await page.goto(`/chat/${ids[0]}`)
  await expect(send(page)).toBeVisible()
  await subscribed
  await apiCall(request, sellerToken, 'POST', `/api/chat/threads/${ids[1]}/messages`, {
    message: 'Yes, replaced in 2023.',
  })
  const toast = page.locator('li').filter({ hasText: /^New message from/ })
  await expect(toast).toBeVisible()
  const [toastBox, sendBox] = [await box(toast), await box(send(page))]
  const overlaps =
    toastBox.x < sendBox.x + sendBox.width &&
    sendBox.x < toastBox.x + toastBox.width &&
    toastBox.y < sendBox.y + sendBox.height &&
    sendBox.y < toastBox.y + toastBox.height
  expect(overlaps, 'the toast covers Send').toBe(false)
})
