import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { MESSAGE_MAX_LENGTH } from '@/contract'
import { BUYER_ID, buildMessage, buildThread, chatApi, SELLER_ID } from './chat-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const seller = () =>
  buildUser({ userId: SELLER_ID, firstName: 'Sam', lastName: 'Seller', role: 'originator', roles: ['originator'] })
const buyer = () => buildUser({ userId: BUYER_ID, firstName: 'Bea', role: 'buyer', roles: ['buyer'] })

beforeEach(() =>
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  ),
)

async function openThread(api = chatApi({ messages: [buildMessage(1, { body: 'Is it still available?' })] })) {
  const rendered = renderApp({ path: '/chat/thread-1', user: seller() })
  await screen.findByRole('heading', { level: 1, name: 'Bea Buyer' })
  await screen.findByRole('list', { name: 'Messages' })
  return { ...rendered, api, box: () => screen.getByRole('textbox', { name: 'Message' }) }
}

describe('conversation page', () => {
  it('shows the messages, the deal with its link, and marks the thread read on open', async () => {
    const { api } = await openThread()
    expect(screen.getByText('Is it still available?')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View listing' })).toHaveAttribute('href', '/deals/deal-1')
    expect(screen.getAllByText('12 Oak St, Austin, TX 78701').length).toBeGreaterThan(0)
    await waitFor(() => expect(api.count('PUT', '/api/chat/threads/thread-1/read')).toHaveLength(1))
    // The list beside it: the other person, the last message and the deal.
    const list = screen.getByRole('list', { name: 'Your conversations' })
    expect(within(list).getByRole('link', { name: /Bea Buyer/ })).toHaveAttribute('aria-current', 'page')
  })

  it('puts each day before its messages as an item of the list (a list holds only list items)', async () => {
    await openThread(
      chatApi({
        messages: [
          buildMessage(1, { body: 'Is it still available?', createdAt: '2026-03-02T15:00:00.000Z' }),
          buildMessage(2, { body: 'Yes, it is.', createdAt: '2026-03-03T15:00:00.000Z', senderId: SELLER_ID }),
        ],
      }),
    )
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'March 2nd, 2026',
      expect.stringContaining('Is it still available?'),
      'March 3rd, 2026',
      expect.stringContaining('Yes, it is.'),
    ])
  })

  it('sends with Enter, makes a new line with Shift+Enter, and refuses empty or whitespace-only text', async () => {
    const { api, box } = await openThread()
    const user = userEvent.setup()
    await user.click(box())
    await user.keyboard('   {Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a message before sending.')
    expect(api.count('POST', '/api/chat/threads/thread-1/messages')).toHaveLength(0)

    await user.clear(box())
    await user.type(box(), 'First line{Shift>}{Enter}{/Shift}second line')
    expect(box()).toHaveValue('First line\nsecond line')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(api.count('POST', '/api/chat/threads/thread-1/messages')).toHaveLength(1))
    expect(JSON.parse(api.count('POST', '/api/chat/threads/thread-1/messages')[0]!.body as string)).toEqual({
      message: 'First line\nsecond line',
    })
    await waitFor(() => expect(box()).toHaveValue(''))
    const messages = screen.getByRole('list', { name: 'Messages' })
    expect(within(messages).getByText(/First line/)).toBeInTheDocument()
  })

  it('counts down near 2,000 characters and refuses more', async () => {
    const { api, box } = await openThread()
    fireEvent.change(box(), { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH - 250) } })
    expect(screen.queryByText(/characters left/)).not.toBeInTheDocument()
    fireEvent.change(box(), { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH - 1) } })
    expect(screen.getByText('1 character left')).toBeInTheDocument()
    fireEvent.change(box(), { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } })
    expect(screen.getByText('1 character over the limit')).toBeInTheDocument()
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(await screen.findByRole('alert')).toHaveTextContent('A message can be at most 2,000 characters.')
    expect(api.count('POST', '/api/chat/threads/thread-1/messages')).toHaveLength(0)
  })

  it('keeps what was typed when sending fails, and says so', async () => {
    const { api, box } = await openThread(chatApi({ sendFails: true, messages: [buildMessage(1)] }))
    const user = userEvent.setup()
    await user.type(box(), 'Can we talk tomorrow?{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent.')
    expect(box()).toHaveValue('Can we talk tomorrow?')
    api.state.sendFails = false
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(box()).toHaveValue(''))
  })

  it('shows messages as text: no HTML, only http(s) links, opened safely', async () => {
    await openThread(
      chatApi({
        messages: [
          buildMessage(1, {
            body: '<script>alert(1)</script> <b>bold</b> javascript:alert(2) see https://example.com/a?b=1',
          }),
        ],
      }),
    )
    const messages = screen.getByRole('list', { name: 'Messages' })
    expect(
      within(messages).getByText(/<script>alert\(1\)<\/script> <b>bold<\/b> javascript:alert\(2\)/),
    ).toBeInTheDocument()
    expect(messages.querySelector('script, b')).toBeNull()
    const links = within(messages).getAllByRole('link')
    expect(links).toHaveLength(1)
    expect(links[0]).toHaveAttribute('href', 'https://example.com/a?b=1')
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow')
  })

  it('loads older messages on scroll by cursor and keeps the reader where they were', async () => {
    const all = Array.from({ length: 45 }, (_, index) => buildMessage(index + 1))
    const { api } = await openThread(chatApi({ messages: all }))
    const list = screen.getByTestId('message-list')
    expect(within(list).getByText('Message 16')).toBeInTheDocument()
    expect(within(list).queryByText('Message 15')).not.toBeInTheDocument()
    // jsdom has no layout: the list reports heights as a browser would.
    let height = 1000
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => height })
    Object.defineProperty(list, 'clientHeight', { configurable: true, get: () => 400 })
    list.scrollTop = 30
    height = 1000
    fireEvent.scroll(list)
    height = 1600
    expect(await within(list).findByText('Message 1')).toBeInTheDocument()
    const older = api.requests.filter((r) => r.path === '/api/chat/threads/thread-1/messages' && r.query.before)
    expect(older.map((r) => r.query.before)).toEqual(['16'])
    // 600 px were added above: the same message stays in view.
    expect(list.scrollTop).toBe(630)
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument()
    expect(within(list).getAllByText(/^Message \d+$/)).toHaveLength(45)
  })

  it('blocks after a confirmation, shows "Conversation blocked", and the blocker unblocks', async () => {
    const { api } = await openThread()
    const user = userEvent.setup()
    const block = screen.getByRole('button', { name: 'Block' })
    await user.click(block)
    const dialog = await screen.findByRole('dialog', { name: 'Block Bea Buyer?' })
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(block).toHaveFocus())
    expect(api.count('POST', '/api/chat/threads/thread-1/block')).toHaveLength(0)

    await user.click(block)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block conversation' }))
    const status = await screen.findByRole('status')
    expect(status).toHaveTextContent('Conversation blocked')
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
    await user.click(within(status).getByRole('button', { name: 'Unblock' }))
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument()
    expect(api.count('DELETE', '/api/chat/threads/thread-1/block')).toHaveLength(1)
  })

  it('shows the other side "Conversation blocked" without a way to unblock', async () => {
    chatApi({ thread: buildThread({ blocked: true, blockedByViewer: false }) })
    renderApp({ path: '/chat/thread-1', user: seller() })
    expect(await screen.findByText('Conversation blocked', { selector: 'footer span' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Unblock' })).not.toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument()
  })

  it('says "Conversation not found" for a thread the server does not show (404)', async () => {
    chatApi()
    renderApp({ path: '/chat/someone-elses', user: seller() })
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'All conversations' })).toHaveAttribute('href', '/chat')
  })

  it('says what to do when there are no conversations, in Spanish too', async () => {
    await initTestI18n('es')
    server.use(http.get('/api/chat/threads', () => HttpResponse.json({ items: [], nextCursor: null })))
    renderApp({ path: '/chat', user: buyer() })
    expect(await screen.findByText('Aún no tienes conversaciones')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver propiedades' })).toHaveAttribute('href', '/deals')
  })
})

describe('Message the seller', () => {
  it('starts the conversation from the deal page and opens it', async () => {
    const deal = buildDeal({ id: 'deal-1', isOwner: false })
    server.use(
      http.get('/api/deals/deal-1', () => HttpResponse.json(deal)),
      // The deal page lists the buyer's offers on it.
      http.get('/api/offers/mine', () => HttpResponse.json([])),
    )
    const api = chatApi({ thread: buildThread({ viewerRole: 'buyer' }) })
    let started: unknown
    server.use(
      http.post('/api/chat/threads', async ({ request }) => {
        started = await request.json()
        return HttpResponse.json(api.state.thread)
      }),
    )
    const { router } = renderApp({ path: '/deals/deal-1', user: buyer() })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Message the seller' }))
    const dialog = await screen.findByRole('dialog', { name: 'Message the seller' })
    const box = within(dialog).getByRole('textbox', { name: 'Your message' })
    expect(box).toHaveFocus()
    await user.type(box, 'Hello, is the roof new?{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/thread-1'))
    expect(started).toEqual({ dealId: 'deal-1', message: 'Hello, is the roof new?' })
    await screen.findByRole('heading', { level: 1, name: 'Sam Seller' })
  })

  it('is not offered to the deal’s own seller', async () => {
    server.use(
      http.get('/api/deals/deal-1', () => HttpResponse.json(buildDeal({ id: 'deal-1', isOwner: true }))),
      http.get('/api/deals/deal-1/interests', () => HttpResponse.json([])),
    )
    renderApp({ path: '/deals/deal-1', user: seller() })
    await screen.findByRole('heading', { name: /Listed by/i })
    expect(screen.queryByRole('button', { name: 'Message the seller' })).not.toBeInTheDocument()
    await act(() => Promise.resolve())
  })
})
