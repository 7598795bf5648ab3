import type { Page } from '@playwright/test'

/**
 * Resolves once the socket of the page's next document has subscribed to the member's channel. Call it just
 * before the navigation: a socket the previous document was still opening (a privileged member connects from
 * sign-in) is not counted, since its subscription ends with that document and an event sent then is missed.
 */
export function channelSubscribedAfterNavigation(page: Page) {
  let navigated = false
  const onNavigated = (frame: ReturnType<Page['mainFrame']>) => {
    if (frame === page.mainFrame()) navigated = true
  }
  page.on('framenavigated', onNavigated)
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!navigated) return
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('pusher_internal:subscription_succeeded')) {
          page.off('framenavigated', onNavigated)
          resolve()
        }
      })
    })
  })
}
