import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildNotification, buildThread, chatApi, SELLER_ID } from './chat-fixtures'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const seller = () =>
  buildUser({ userId: SELLER_ID, firstName: 'Sam', lastName: 'Seller', role: 'originator', roles: ['originator'] })
const buyer = () => buildUser({ userId: 'buyer-1', firstName: 'Bea', role: 'buyer', roles: ['buyer'] })

const flagsOff = () =>
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )

async function openBell(name: RegExp | string = /^Notifications/) {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name }))
  return { user, menu: await screen.findByRole('menu') }
}

describe('notification bell', () => {
  beforeEach(flagsOff)

  it('says "Loading notifications..." until the list comes, then the empty state and the footer link', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('/api/chat/notifications', async () => {
        await gate
        return HttpResponse.json({ notifications: [], unreadCount: 0 })
      }),
    )
    renderApp({ path: '/terms', user: seller() })
    const { menu } = await openBell('Notifications')
    expect(within(menu).getByText('Notifications')).toBeInTheDocument()
    expect(within(menu).getByText('Loading notifications...')).toBeInTheDocument()
    act(() => release())
    expect(await within(menu).findByText('No notifications yet')).toBeInTheDocument()
    expect(within(menu).getByText("You'll see new messages here")).toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'View all conversations' })).toBeInTheDocument()
  })

  it('lists unread items with their titles, address lines and relative times, and the "N new" badge', async () => {
    chatApi({
      notifications: [
        buildNotification({ notificationId: 'a', senderName: 'Bea Buyer' }),
        buildNotification({ notificationId: 'b', senderName: null }),
        buildNotification({
          notificationId: 'c',
          type: 'new_thread',
          dealInfo: {
            address: '1234 Extraordinarily Long Boulevard Name',
            hideAddress: false,
            city: 'Austin',
            state: 'TX',
            zip: '78701',
          },
        }),
        buildNotification({
          notificationId: 'd',
          type: 'thread_blocked',
          dealInfo: { address: null, hideAddress: true, city: 'Austin', state: 'TX', zip: '78701' },
        }),
        buildNotification({
          notificationId: 'e',
          type: 'offer_accepted',
          message: 'Your offer was accepted',
          dealInfo: null,
        }),
        buildNotification({ notificationId: 'f', readAt: new Date().toISOString(), senderName: 'Already Read' }),
      ],
      unreadCount: 5,
    })
    renderApp({ path: '/terms', user: seller() })
    const { menu } = await openBell('Notifications, 5 unread')
    const items = await within(menu).findAllByRole('menuitem')
    const texts = items.map((item) => item.textContent)
    expect(texts).toEqual([
      expect.stringContaining('New message from Bea Buyer'),
      expect.stringMatching(/^New message12 Oak St/),
      expect.stringContaining('New conversation1234 Extraordinarily Long Boul…'),
      expect.stringContaining('Conversation blockedAddress undisclosed · Austin, TX 78701'),
      expect.stringContaining('Your offer was accepted'),
      'View all conversations',
    ])
    expect(texts[0]).toContain('5 minutes ago')
    expect(within(menu).getByText('5 new')).toBeInTheDocument()
    expect(within(menu).queryByText(/Already Read/)).not.toBeInTheDocument()
    expect(within(menu).getByTestId('bell-list')).toHaveClass('max-h-[400px]', 'overflow-y-auto')
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    chatApi({
      notifications: [
        buildNotification({
          dealInfo: { address: null, hideAddress: true, city: 'Austin', state: 'TX', zip: '78701' },
        }),
      ],
    })
    renderApp({ path: '/terms', user: seller() })
    const { menu } = await openBell('Notificaciones, 1 sin leer')
    expect(within(menu).getByText('1 nuevas')).toBeInTheDocument()
    const item = await within(menu).findByRole('menuitem', { name: /Nuevo mensaje de Bea Buyer/ })
    expect(item).toHaveTextContent('Dirección no revelada · Austin, TX 78701')
    expect(item).toHaveTextContent('hace 5 minutos')
    expect(within(menu).getByRole('menuitem', { name: 'Ver todas las conversaciones' })).toBeInTheDocument()
  })

  it('speaks Spanish when empty', async () => {
    await initTestI18n('es')
    renderApp({ path: '/terms', user: seller() })
    const { menu } = await openBell('Notificaciones')
    expect(await within(menu).findByText('Aún no tienes notificaciones')).toBeInTheDocument()
    expect(within(menu).getByText('Aquí verás los mensajes nuevos')).toBeInTheDocument()
  })

  it('shows 99+ above 99 and the count up to 99', async () => {
    chatApi({ notifications: [buildNotification()], unreadCount: 100 })
    const first = renderApp({ path: '/terms', user: seller() })
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent('99+')
    expect(screen.getByRole('button', { name: 'Notifications, 99+ unread' })).toBeInTheDocument()
    first.unmount()
    chatApi({ notifications: [buildNotification()], unreadCount: 99 })
    renderApp({ path: '/terms', user: seller() })
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^99$/))
  })

  it('marks a clicked item read, refreshes the list and opens its conversation', async () => {
    const api = chatApi({ thread: buildThread(), notifications: [buildNotification({ notificationId: 'n-7' })] })
    const { router } = renderApp({ path: '/terms', user: seller() })
    const { user, menu } = await openBell('Notifications, 1 unread')
    await user.click(await within(menu).findByRole('menuitem', { name: /New message from Bea Buyer/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/thread-1'))
    expect(api.count('PUT', '/api/chat/notifications/n-7/read')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument())
    await screen.findByRole('heading', { name: 'Bea Buyer' })
  })

  it('opens the listing a notice without a conversation is about: its offers for a new offer, else its page', async () => {
    const offerNotice = (notificationId: string, type: string, message: string) =>
      buildNotification({ notificationId, type, message, threadId: null, dealId: 'deal-9' })
    const api = chatApi({
      notifications: [
        offerNotice('n-1', 'offer_received', 'Bea Buyer made a cash offer of $240,000 on 12 Oak St.'),
        offerNotice('n-2', 'offer_declined', 'Your cash offer of $240,000 on 12 Oak St was declined.'),
      ],
    })
    // The pages opened answer "not found": this test is about where the bell leads.
    server.use(
      http.get('/api/deals/:id', () => HttpResponse.json({ message: 'Listing not found' }, { status: 404 })),
      http.get('/api/deals/:id/offers', () => HttpResponse.json({ message: 'Listing not found' }, { status: 404 })),
    )
    const { router } = renderApp({ path: '/terms', user: seller() })
    let { user, menu } = await openBell('Notifications, 2 unread')
    await user.click(await within(menu).findByRole('menuitem', { name: /made a cash offer/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-9/offers'))
    expect(api.count('PUT', '/api/chat/notifications/n-1/read')).toHaveLength(1)
    ;({ user, menu } = await openBell(/^Notifications/))
    await user.click(await within(menu).findByRole('menuitem', { name: /was declined/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-9'))
  })

  it('opens /chat from "View all conversations" with the keyboard', async () => {
    chatApi()
    const { router } = renderApp({ path: '/terms', user: seller() })
    const user = userEvent.setup()
    const trigger = await screen.findByRole('button', { name: 'Notifications' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    await within(menu).findByText('No notifications yet')
    await user.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'View all conversations' })).toHaveFocus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Conversations' })
  })

  it('is not there when signed out', async () => {
    renderApp({ path: '/terms' })
    const [banner] = await screen.findAllByRole('banner')
    expect(within(banner!).getByRole('link', { name: 'Login' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument()
  })
})

describe('notification polling', () => {
  beforeEach(flagsOff)
  afterEach(() => vi.useRealTimers())

  it.each([
    ['privileged users every 60 s', seller, 60_000],
    ['buyer-only users every 15 s', buyer, 15_000],
  ])('polls %s', async (_label, who, interval) => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = chatApi()
    renderApp({ path: '/terms', user: who() })
    await waitFor(() => expect(api.count('GET', '/api/chat/notifications')).toHaveLength(1))
    await act(() => vi.advanceTimersByTimeAsync(interval - 1000))
    expect(api.count('GET', '/api/chat/notifications')).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(1000))
    await waitFor(() => expect(api.count('GET', '/api/chat/notifications')).toHaveLength(2))
    await act(() => vi.advanceTimersByTimeAsync(interval))
    await waitFor(() => expect(api.count('GET', '/api/chat/notifications')).toHaveLength(3))
  })

  it('asks nothing without a user id', async () => {
    const api = chatApi()
    renderApp({ path: '/terms', user: buildUser({ userId: '' }) })
    await screen.findByRole('button', { name: 'Notifications' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(api.count('GET', '/api/chat/notifications')).toHaveLength(0)
  })
})
