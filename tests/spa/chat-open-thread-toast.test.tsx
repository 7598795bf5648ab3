import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { buildMessage, chatApi, fakeRealtime, realtimeOn, SELLER_ID } from './chat-fixtures'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const seller = () =>
  buildUser({ userId: SELLER_ID, firstName: 'Sam', lastName: 'Seller', role: 'originator', roles: ['originator'] })

/** The page's visibility as the browser reports it (another tab or window in front: hidden). */
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState')
})

/*
 * Issue 22 item 20: a message in the conversation open on screen also popped a "New message from …" toast
 * when it arrived while the page was behind another tab: back on the page, the message was on screen and
 * the toast covered the composer.
 */
describe('a new message in the open conversation', () => {
  it('shows in place with no toast, even when it arrived while the page was in the background', async () => {
    server.use(
      http.get('/api/config/feature-flags', () =>
        HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
      ),
    )
    realtimeOn()
    const api = chatApi({ messages: [buildMessage(1), buildMessage(2)] })
    const fake = fakeRealtime()
    renderApp({ path: '/chat/thread-1', user: seller(), realtimeClient: fake.factory })
    await screen.findByText('Message 2', {}, { timeout: 10_000 })
    await waitFor(() => expect(fake.subscribed()).toHaveLength(1))
    act(() => fake.connect())

    setVisibility('hidden')
    api.state.messages.push(buildMessage(3, { body: 'While you were away' }))
    act(() =>
      fake.emit('new-message', {
        senderName: 'Bea Buyer',
        message: 'While you were away',
        threadId: 'thread-1',
        messageId: 3,
      }),
    )
    setVisibility('visible')

    const list = screen.getByRole('list', { name: 'Messages' })
    expect(await within(list).findByText('While you were away')).toBeInTheDocument()
    expect(screen.queryByText('New message from Bea Buyer')).not.toBeInTheDocument()
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument()
  })
})
