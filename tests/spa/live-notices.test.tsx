import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { ReceivedOffer } from '@/contract'
import { buildNotification, chatApi, fakeRealtime, realtimeOn, SELLER_ID } from './chat-fixtures'
import { LAZY_CHUNK } from './deal-detail-fixtures'
import { layoutHandlers } from './deal-form-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

/*
 * Issue 22 items 12 and 13: a notice pushed as a `notification` event updates the bell and the page that
 * shows what it is about; a deal-match notice has a title of its own in the reader's language, and opening
 * one about a listing taken down says so.
 */

const seller = () =>
  buildUser({ userId: SELLER_ID, firstName: 'Sam', lastName: 'Seller', role: 'originator', roles: ['originator'] })
const buyer = () => buildUser({ userId: 'buyer-1', firstName: 'Bea', role: 'buyer', roles: ['buyer'] })

const flagsOff = () =>
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  )

const offer = (id: string, name: string): ReceivedOffer => ({
  id,
  dealId: 'deal-1',
  buyer: { id: `buyer-${id}`, name, certified: false },
  type: 'cash',
  purchasePrice: 240000,
  entryFee: null,
  closeOfEscrowDate: '2099-06-30',
  message: null,
  status: 'submitted',
  declineReason: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  decidedAt: null,
  threadId: null,
})

async function openBell(name: RegExp | string = /^Notifications/) {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name }))
  return { user, menu: await screen.findByRole('menu') }
}

describe('a pushed notice', { timeout: 20_000 }, () => {
  beforeEach(flagsOff)

  it("shows a new offer in the seller's open offers table and in the bell, without a reload", async () => {
    realtimeOn()
    const api = chatApi()
    layoutHandlers()
    const offers = [offer('o-1', 'Ana Diaz')]
    server.use(
      http.get('/api/deals/:id', () => HttpResponse.json(buildDeal({ id: 'deal-1', isOwner: true }))),
      http.get('/api/deals/:id/offers', () => HttpResponse.json(offers)),
    )
    const fake = fakeRealtime()
    renderApp({ path: '/deals/deal-1/offers', user: seller(), realtimeClient: fake.factory })
    const table = await screen.findByRole('table', {}, LAZY_CHUNK)
    expect(within(table).getAllByRole('rowheader')).toHaveLength(1)
    await waitFor(() => expect(fake.subscribed()).toHaveLength(1))
    act(() => fake.connect())
    // The bell (loaded after the first paint) has its list.
    await waitFor(() => expect(api.count('GET', '/api/chat/notifications').length).toBeGreaterThan(0))

    // The server has the new offer; its notice is pushed as it is written.
    offers.unshift(offer('o-2', 'Bo Newcomer'))
    act(() =>
      fake.emit('notification', {
        ...buildNotification({
          notificationId: 'n-offer',
          type: 'offer_received',
          threadId: null,
          dealId: 'deal-1',
          senderName: 'Bo Newcomer',
          message: 'Bo Newcomer made a cash offer of $240,000 on 12 Oak St, Austin, TX 78701.',
        }),
        createdAt: new Date().toISOString(),
      }),
    )
    expect(await within(table).findByText('Bo Newcomer')).toBeInTheDocument()
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent('1')
    const { menu } = await openBell('Notifications, 1 unread')
    expect(within(menu).getByRole('menuitem', { name: /Bo Newcomer made a cash offer/ })).toBeInTheDocument()
  })

  it('leaves the table alone for a notice about another listing', async () => {
    realtimeOn()
    const api = chatApi()
    layoutHandlers()
    let lists = 0
    server.use(
      http.get('/api/deals/:id', () => HttpResponse.json(buildDeal({ id: 'deal-1', isOwner: true }))),
      http.get('/api/deals/:id/offers', () => {
        lists += 1
        return HttpResponse.json([offer('o-1', 'Ana Diaz')])
      }),
    )
    const fake = fakeRealtime()
    renderApp({ path: '/deals/deal-1/offers', user: seller(), realtimeClient: fake.factory })
    await screen.findByRole('table', {}, LAZY_CHUNK)
    await waitFor(() => expect(fake.subscribed()).toHaveLength(1))
    act(() => fake.connect())
    // The bell (loaded after the first paint) has its list.
    await waitFor(() => expect(api.count('GET', '/api/chat/notifications').length).toBeGreaterThan(0))
    const before = lists
    act(() =>
      fake.emit(
        'notification',
        buildNotification({ notificationId: 'n-x', type: 'offer_received', threadId: null, dealId: 'deal-2' }),
      ),
    )
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent('1')
    expect(lists).toBe(before)
  })
})

describe('a deal-match notice', { timeout: 20_000 }, () => {
  beforeEach(flagsOff)

  const match = buildNotification({
    notificationId: 'n-match',
    type: 'deal_match',
    threadId: null,
    dealId: 'deal-gone',
    senderName: null,
    message: 'New listing matches your buy box: Austin, TX 78701 (address undisclosed)',
    dealInfo: { address: null, hideAddress: true, city: 'Austin', state: 'TX', zip: '78701' },
  })

  it('has its own title and the address as the reader may see it, once', async () => {
    chatApi({ notifications: [match] })
    renderApp({ path: '/terms', user: buyer() })
    const { menu } = await openBell('Notifications, 1 unread')
    const item = await within(menu).findByRole('menuitem', { name: /^New listing matches your buy box/ })
    expect(item).toHaveTextContent('New listing matches your buy boxAddress undisclosed · Austin, TX 78701')
    expect(item.textContent?.match(/Austin/g)).toHaveLength(1)
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    chatApi({ notifications: [match] })
    renderApp({ path: '/terms', user: buyer() })
    const { menu } = await openBell('Notificaciones, 1 sin leer')
    const item = await within(menu).findByRole('menuitem', {
      name: /^Nueva publicación que coincide con tus criterios de compra/,
    })
    expect(item).toHaveTextContent('Dirección no revelada · Austin, TX 78701')
  })

  it('says the listing is no longer available when it was taken down, not "Listing not found"', async () => {
    chatApi({ notifications: [match] })
    server.use(http.get('/api/deals/:id', () => HttpResponse.json({ message: 'Listing not found' }, { status: 404 })))
    const { router } = renderApp({ path: '/terms', user: buyer() })
    const { user, menu } = await openBell('Notifications, 1 unread')
    await user.click(await within(menu).findByRole('menuitem', { name: /^New listing matches your buy box/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-gone'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This listing is no longer available' }, LAZY_CHUNK),
    ).toBeInTheDocument()
    expect(screen.queryByText('Listing not found')).not.toBeInTheDocument()
  })
})
