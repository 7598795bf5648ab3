import type { Page } from '@playwright/test'
import type { NotificationList, ThreadPage } from '../src/contract'
import { expect, expectAccessible, test } from './fixtures'
import { apiCall, apiSignIn, uiSignIn } from './support/api'
import { REALTIME_NODE } from './support/realtime-node'

/**
 * Issue 27, "Realtime through the Pusher protocol": this project's server runs in Pusher Channels mode, pointed
 * (PUSHER_HOST, PUSHER_PORT, PUSHER_USE_TLS=false) at a realtime node, our server whose embedded socket answers
 * the Pusher HTTP API. The server triggers through the official pusher SDK; pusher-js in Chromium receives.
 */
const SELLER = 'seller@demo.test'
const BUYER = 'buyer@demo.test'

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ })

test('a write on the Pusher-mode server reaches the other user live, through the realtime node @pusher', async ({
  page,
  request,
}) => {
  const nodeSocket = `ws://127.0.0.1:${process.env.E2E_REALTIME_NODE_PORT}/app/${REALTIME_NODE.key}?`
  const sockets: string[] = []
  /** `<event> <channel>` of every frame the node sends the page. */
  const frames: string[] = []
  page.on('websocket', (socket) => {
    sockets.push(socket.url())
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { event: string; channel?: string }
      frames.push(`${frame.event} ${frame.channel ?? ''}`.trim())
    })
  })
  const sellerTokens = await apiSignIn(request, SELLER)
  const buyerTokens = await apiSignIn(request, BUYER)
  // The seller's bell starts at zero.
  const { notifications } = await apiCall<NotificationList>(
    request,
    sellerTokens.IdToken,
    'GET',
    '/api/chat/notifications',
  )
  for (const { notificationId } of notifications) {
    await apiCall(request, sellerTokens.IdToken, 'PUT', `/api/chat/notifications/${notificationId}/read`)
  }
  const { items } = await apiCall<ThreadPage>(request, buyerTokens.IdToken, 'GET', '/api/chat/threads')
  const thread = items.find((item) => item.seller.name === 'Sofia Delgado')
  expect(thread, 'the demo conversation').toBeDefined()

  // The seller (privileged: connected from sign-in) waits on their conversations, subscribed through the node.
  await uiSignIn(page, SELLER)
  await page.goto('/chat')
  await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible()
  await expectAccessible(page)
  await expect(bell(page)).toHaveAccessibleName('Notifications')
  await expect.poll(() => frames.some((frame) => frame.startsWith('pusher_internal:subscription_succeeded'))).toBe(true)

  // The buyer writes; the seller's poll is 60 s, so only the push can bring it this soon.
  const news = 'Pusher mode: is the inspection report ready?'
  await apiCall(request, buyerTokens.IdToken, 'POST', `/api/chat/threads/${thread!.threadId}/messages`, {
    message: news,
  })
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 })
  await expect(page.getByRole('main').getByText(news)).toBeVisible()
  // Every socket the page opened went to the node (none to the app's own port), and the event came over it.
  expect(sockets.length).toBeGreaterThan(0)
  expect(sockets.filter((url) => !url.startsWith(nodeSocket))).toEqual([])
  expect(frames.filter((frame) => !frame.startsWith('pusher')).length).toBeGreaterThan(0)
})
