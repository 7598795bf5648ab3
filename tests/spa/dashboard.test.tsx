import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { keyFor } from '@/api/queries'
import { endpoints, type DashboardNews, type MyInterest, type MyOffer, type Thread, type User } from '@/contract'
import { clearForSignOut } from '@/auth/storage'
import { DASHBOARD_MARKER_KEY } from '@/lib/storage-keys'
import { buildThread, BUYER_ID, chatApi, fakeRealtime, realtimeOn } from './chat-fixtures'
import { layoutHandlers, type MyDeal } from './deal-form-fixtures'
import { buildDealSummary } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const hybridUser = () =>
  buildUser({ userId: 'hybrid-1', role: 'originator', roles: ['buyer', 'originator'], firstName: 'Hana' })
const buyerUser = () => buildUser({ userId: BUYER_ID, role: 'buyer', roles: ['buyer'], firstName: 'Bea' })
const sellerOnly = () => buildUser({ userId: 'seller-9', role: 'originator', roles: ['originator'] })

const place = { streetAddress: '12 Oak Street', addressHidden: false, city: 'Austin', state: 'TX', zipCode: '78701' }

function buildOffer(overrides: Partial<MyOffer> = {}): MyOffer {
  return {
    id: 'offer-1',
    dealId: 'deal-1',
    buyer: { id: BUYER_ID, name: 'Bea Buyer', certified: false },
    type: 'cash',
    purchasePrice: 240000,
    entryFee: null,
    closeOfEscrowDate: '2099-06-30',
    message: null,
    status: 'submitted',
    declineReason: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    decidedAt: null,
    deal: { id: 'deal-1', ...place, status: 'active' },
    ...overrides,
  }
}

function buildInterest(overrides: Partial<MyInterest> = {}): MyInterest {
  return {
    id: 'interest-1',
    message: 'Is the roof new?',
    createdAt: '2026-11-03T10:00:00.000Z',
    deal: { id: 'deal-2', ...place, streetAddress: '9 Elm Road', status: 'active', coverPhotoUrl: null },
    ...overrides,
  }
}

function buildMyDeal(overrides: Partial<MyDeal> = {}): MyDeal {
  return {
    ...buildDealSummary({ id: 'deal-1', ...place, latitude: null, longitude: null }),
    interestCount: 4,
    offerCount: 2,
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  }
}

const noNews: DashboardNews = { since: '2026-11-20T15:04:00.000Z', interests: 0, offers: 0, messages: 0, deals: [] }

type Data = {
  offers?: MyOffer[]
  interests?: MyInterest[]
  favorites?: ReturnType<typeof buildDealSummary>[]
  threads?: Thread[]
  listings?: MyDeal[]
  news?: DashboardNews
  /** Answers a status for this path instead of its data. */
  fail?: Record<string, number>
}

/** The dashboard's calls over `data`; records which were made (method and path). */
function dashboardServer(data: Data = {}) {
  const calls: string[] = []
  const answer = (key: string, body: unknown) => {
    calls.push(key)
    const status = data.fail?.[key]
    return status ? HttpResponse.json({ message: 'Boom' }, { status }) : HttpResponse.json(body as object)
  }
  layoutHandlers()
  server.use(
    http.get('/api/offers/mine', () => answer('GET /api/offers/mine', data.offers ?? [])),
    http.get('/api/interests/mine', () => answer('GET /api/interests/mine', data.interests ?? [])),
    http.get('/api/deals/mine', () => {
      const items = data.listings ?? []
      return answer('GET /api/deals/mine', { items, total: items.length, page: 1, pageSize: 50 })
    }),
    http.get('/api/deals', ({ request }) => {
      const favorites = new URL(request.url).searchParams.get('favorites')
      const items = favorites === 'true' ? (data.favorites ?? []) : []
      return answer('GET /api/deals', { items, total: items.length, totalIsEstimate: false, page: 1, pageSize: 6 })
    }),
    // Filters as the server does: the dashboard must ask for the buyer's unread conversations.
    http.get('/api/chat/threads', ({ request }) => {
      const query = new URL(request.url).searchParams
      const matching = (data.threads ?? []).filter(
        (thread) =>
          (!query.get('side') || thread.viewerRole === query.get('side')) &&
          (query.get('unread') !== 'true' || thread.unreadCount > 0),
      )
      const limit = Number(query.get('limit') ?? 30)
      const items = matching.slice(0, limit)
      return answer('GET /api/chat/threads', { items, nextCursor: matching.length > limit ? 'next' : null })
    }),
    http.post('/api/dashboard/visits', () => answer('POST /api/dashboard/visits', data.news ?? noNews)),
    http.get('/api/dashboard/news', () => answer('GET /api/dashboard/news', data.news ?? noNews)),
  )
  return calls
}

const openDashboard = (user: User, path = '/dashboard') => renderApp({ path, user })
const heading = (name: string) => screen.findByRole('heading', { level: 2, name })

describe('/dashboard modes', () => {
  it('gives a buyer and seller two mode tabs, opens on Selling, and switches with the mouse and the arrow keys', async () => {
    dashboardServer()
    const user = userEvent.setup()
    const { router } = openDashboard(hybridUser())
    const tabs = within(await screen.findByRole('tablist', { name: 'Dashboard mode' })).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Buying', 'Selling'])
    expect(screen.getByRole('tab', { name: 'Selling' })).toHaveAttribute('aria-selected', 'true')
    expect(await heading('My listings')).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Buying' }))
    expect(await heading('My offers')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'My listings' })).not.toBeInTheDocument()
    expect(router.state.location.search).toBe('?mode=buying')

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Selling' })).toHaveFocus()
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Selling' })).toHaveAttribute('aria-selected', 'true'))
    expect(await heading('My listings')).toBeInTheDocument()
  })

  it("remembers the hybrid user's last mode for the next visit, and a ?mode= link wins over it", async () => {
    dashboardServer()
    const user = userEvent.setup()
    const first = openDashboard(hybridUser())
    await user.click(await screen.findByRole('tab', { name: 'Buying' }))
    await heading('My offers')
    first.unmount()

    const second = openDashboard(hybridUser())
    expect(await screen.findByRole('tab', { name: 'Buying' })).toHaveAttribute('aria-selected', 'true')
    expect(await heading('Favorites')).toBeInTheDocument()
    second.unmount()

    openDashboard(hybridUser(), '/dashboard?mode=selling')
    expect(await screen.findByRole('tab', { name: 'Selling' })).toHaveAttribute('aria-selected', 'true')
  })

  it.each([
    ['an admin', ['admin']],
    ['an owner', ['owner']],
  ] as const)('gives %s, who has all features, both modes', async (_, roles) => {
    dashboardServer()
    openDashboard(buildUser({ role: roles[0], roles: [...roles] }))
    const tabs = within(await screen.findByRole('tablist', { name: 'Dashboard mode' })).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Buying', 'Selling'])
  })

  it('shows a buyer only buying mode, with no tabs and no seller calls, even when the URL asks for selling', async () => {
    const calls = dashboardServer()
    openDashboard(buyerUser(), '/dashboard?mode=selling')
    for (const name of ['My offers', 'Unread messages', 'My interests', 'Favorites']) {
      expect(await heading(name)).toBeInTheDocument()
    }
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'My listings' })).not.toBeInTheDocument()
    expect(calls.filter((call) => call.includes('/dashboard/') || call.includes('/deals/mine'))).toEqual([])
  })

  it('shows a seller without the buyer role only selling mode, with no tabs', async () => {
    const calls = dashboardServer()
    openDashboard(sellerOnly())
    expect(await heading('My listings')).toBeInTheDocument()
    expect(await heading('New since your last visit')).toBeInTheDocument()
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    expect(calls).not.toContain('GET /api/offers/mine')
  })
})

describe('/dashboard buying mode', () => {
  it('lists offers with their states, unread conversations, interests with their dates, and favorites', async () => {
    dashboardServer({
      offers: [
        buildOffer(),
        buildOffer({ id: 'offer-2', type: 'creative', purchasePrice: null, entryFee: 20000, status: 'not_accepted' }),
        buildOffer({ id: 'offer-3', status: 'declined', declineReason: 'Too low' }),
      ],
      threads: [
        buildThread({ viewerRole: 'buyer', unreadCount: 3, lastMessage: null }),
        buildThread({ threadId: 'thread-2', viewerRole: 'buyer', unreadCount: 0 }),
      ],
      interests: [buildInterest()],
      favorites: [buildDealSummary({ id: 'fav-1', streetAddress: '5 Pine Court', addressHidden: false })],
    })
    openDashboard(buyerUser())
    const offers = within((await heading('My offers')).closest('section')!)
    expect(await offers.findAllByText('Cash offer · $240,000')).toHaveLength(2)
    expect(offers.getByText('Creative offer · entry fee $20,000')).toBeInTheDocument()
    expect(offers.getByText('Submitted')).toBeInTheDocument()
    expect(offers.getByText('Not accepted')).toBeInTheDocument()
    expect(offers.getByText('Declined')).toBeInTheDocument()
    expect(offers.getByText('Reason: Too low')).toBeInTheDocument()
    expect(offers.getAllByRole('link', { name: '12 Oak Street, Austin, TX 78701' })[0]).toHaveAttribute(
      'href',
      '/deals/deal-1',
    )

    const unread = within((await heading('Unread messages')).closest('section')!)
    expect(await unread.findByText('3 unread')).toBeInTheDocument()
    expect(unread.getAllByRole('listitem')).toHaveLength(1)
    expect(unread.getByRole('link', { name: '12 Oak St, Austin, TX 78701' })).toHaveAttribute('href', '/chat/thread-1')

    const interests = within((await heading('My interests')).closest('section')!)
    expect(await interests.findByRole('link', { name: '9 Elm Road, Austin, TX 78701' })).toHaveAttribute(
      'href',
      '/deals/deal-2',
    )
    expect(interests.getByText('Sent Nov 3, 2026')).toBeInTheDocument()
    expect(interests.getByRole('link', { name: 'See it on the deals page' })).toHaveAttribute(
      'href',
      '/deals?interested=true',
    )

    const favorites = within((await heading('Favorites')).closest('section')!)
    expect(await favorites.findByRole('link', { name: /5 Pine Court/ })).toHaveAttribute('href', '/deals/fav-1')
    expect(favorites.getByRole('link', { name: 'See your favorite on the deals page' })).toHaveAttribute(
      'href',
      '/deals?favorites=true',
    )
  })

  it('shows an unread conversation however many newer ones the buyer has read', async () => {
    const read = Array.from({ length: 60 }, (_, index) =>
      buildThread({ threadId: `read-${index}`, viewerRole: 'buyer', unreadCount: 0 }),
    )
    dashboardServer({ threads: [...read, buildThread({ threadId: 'waiting', viewerRole: 'buyer', unreadCount: 2 })] })
    openDashboard(buyerUser())
    const unread = within((await heading('Unread messages')).closest('section')!)
    expect(await unread.findByText('2 unread')).toBeInTheDocument()
    expect(unread.getByRole('link', { name: '12 Oak St, Austin, TX 78701' })).toHaveAttribute('href', '/chat/waiting')
  })

  it('shows a conversation under "Unread messages" when its new message arrives live', async () => {
    realtimeOn()
    chatApi()
    const fake = fakeRealtime()
    const thread = buildThread({ viewerRole: 'buyer', unreadCount: 0 })
    const data: Data = { threads: [thread] }
    dashboardServer(data)
    const { queryClient } = renderApp({
      path: '/dashboard?mode=buying',
      user: hybridUser(),
      realtimeClient: fake.factory,
    })
    // The conversation list was loaded earlier (the bell, /chat): a new message updates it in place.
    queryClient.setQueryData([...keyFor(endpoints.listThreads)], {
      pages: [{ items: [thread], nextCursor: null }],
      pageParams: [undefined],
    })
    const unread = within((await heading('Unread messages')).closest('section')!)
    expect(await unread.findByText('No unread messages: you are all caught up.')).toBeInTheDocument()
    await waitFor(() => expect(fake.subscribed()).toHaveLength(1))
    act(() => fake.connect())

    data.threads = [{ ...thread, unreadCount: 1 }]
    act(() =>
      fake.emit('new-message', { senderName: 'Sam Seller', message: 'Yes', threadId: 'thread-1', messageId: 9 }),
    )
    expect(await screen.findByText('New message from Sam Seller')).toBeInTheDocument()
    expect(await unread.findByText('1 unread')).toBeInTheDocument()
  }, 20_000)

  it('shows the six latest interests and links to all of them', async () => {
    const interests = Array.from({ length: 8 }, (_, index) =>
      buildInterest({
        id: `interest-${index}`,
        deal: { ...buildInterest().deal, id: `deal-${index}`, streetAddress: `${index} Elm Road` },
      }),
    )
    dashboardServer({ interests })
    openDashboard(buyerUser())
    const section = within((await heading('My interests')).closest('section')!)
    expect(await section.findByRole('link', { name: 'See all 8 on the deals page' })).toHaveAttribute(
      'href',
      '/deals?interested=true',
    )
    expect(section.getAllByRole('listitem')).toHaveLength(6)
    expect(section.getByRole('link', { name: /^0 Elm Road/ })).toBeInTheDocument()
    expect(section.queryByRole('link', { name: /^6 Elm Road/ })).not.toBeInTheDocument()
  })

  it('says what to do next in every empty section', async () => {
    dashboardServer()
    openDashboard(buyerUser())
    const emptyOf = async (title: string) => within((await heading(title)).closest('section')!)
    const offers = await emptyOf('My offers')
    expect(await offers.findByText(/You have not made an offer yet/)).toBeInTheDocument()
    expect(offers.getByRole('link', { name: 'Browse deals' })).toHaveAttribute('href', '/deals')
    const unread = await emptyOf('Unread messages')
    expect(await unread.findByText('No unread messages: you are all caught up.')).toBeInTheDocument()
    expect(unread.getByRole('link', { name: 'Open your conversations' })).toHaveAttribute('href', '/chat')
    const interests = await emptyOf('My interests')
    expect(await interests.findByText(/You have not told a seller you are interested yet/)).toBeInTheDocument()
    expect(interests.getByRole('link', { name: 'Browse deals' })).toHaveAttribute('href', '/deals')
    const favorites = await emptyOf('Favorites')
    expect(await favorites.findByText(/No favorites yet/)).toBeInTheDocument()
    expect(favorites.getByRole('link', { name: 'Browse deals' })).toHaveAttribute('href', '/deals')
  })

  it('shows a failed section with a retry that loads it, the other sections unaffected', async () => {
    const failures: Record<string, number> = { 'GET /api/offers/mine': 500 }
    dashboardServer({ offers: [buildOffer()], interests: [buildInterest()], fail: failures })
    const user = userEvent.setup()
    openDashboard(buyerUser())
    const offers = within((await heading('My offers')).closest('section')!)
    expect(await offers.findByRole('alert')).toHaveTextContent('Failed to load your offers.')
    expect(await screen.findByRole('link', { name: '9 Elm Road, Austin, TX 78701' })).toBeInTheDocument()
    delete failures['GET /api/offers/mine']
    await user.click(offers.getByRole('button', { name: 'Try again' }))
    expect(await offers.findByText('Cash offer · $240,000')).toBeInTheDocument()
  })
})

describe('/dashboard selling mode', () => {
  it('shows what is new since the last visit, in all and per listing, beside the listings with links to their offers', async () => {
    dashboardServer({
      listings: [
        buildMyDeal(),
        buildMyDeal({ id: 'deal-3', streetAddress: '3 Quiet Lane', interestCount: 0, offerCount: 0 }),
      ],
      news: {
        since: '2026-11-20T15:04:00.000Z',
        interests: 2,
        offers: 1,
        messages: 3,
        deals: [{ dealId: 'deal-1', ...place, status: 'active', interests: 2, offers: 1, messages: 3 }],
      },
    })
    openDashboard(sellerOnly())
    const news = within((await heading('New since your last visit')).closest('section')!)
    const totals = await news.findByRole('list', { name: 'New in all' })
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2new interests', '1new offer', '3new messages'])
    expect(news.getByText(/^Since Nov 20, 2026/)).toBeInTheDocument()
    const newsLine = news.getByRole('link', { name: '12 Oak Street' }).closest('li')!
    expect(newsLine).toHaveTextContent('+2 new interests+1 new offer+3 new messages')
    expect(within(newsLine).getByRole('link', { name: 'Offers on 12 Oak Street, Austin, TX 78701' })).toHaveAttribute(
      'href',
      '/deals/deal-1/offers',
    )
    expect(news.getByRole('link', { name: 'Open your conversations' })).toHaveAttribute('href', '/chat')

    const listings = within((await heading('My listings')).closest('section')!)
    const oak = (await listings.findByRole('link', { name: '12 Oak Street' })).closest('li')!
    expect(oak).toHaveTextContent('Active4 interests2 offers+2 new interests+1 new offer+3 new messages')
    expect(within(oak).getByRole('link', { name: '12 Oak Street' })).toHaveAttribute('href', '/deals/deal-1')
    expect(within(oak).getByRole('link', { name: 'Offers on 12 Oak Street, Austin, TX 78701' })).toHaveAttribute(
      'href',
      '/deals/deal-1/offers',
    )
    const quiet = listings.getByRole('link', { name: '3 Quiet Lane' }).closest('li')!
    expect(quiet).toHaveTextContent('Active0 interests0 offersOffers')
    expect(listings.getByRole('link', { name: 'Manage my listings' })).toHaveAttribute('href', '/deals/mine')
  })

  it('says so when nothing is new, and tells a seller with no listings to list one', async () => {
    dashboardServer({ news: { ...noNews, since: null } })
    openDashboard(sellerOnly())
    const news = within((await heading('New since your last visit')).closest('section')!)
    expect(
      await news.findByText('Nothing yet: new interests, offers and messages on your listings will show here.'),
    ).toBeInTheDocument()
    expect(news.getByText('Everything so far: this is your first visit.')).toBeInTheDocument()
    const listings = within((await heading('My listings')).closest('section')!)
    expect(await listings.findByText(/You have no listings yet/)).toBeInTheDocument()
    expect(listings.getByRole('link', { name: 'List a deal' })).toHaveAttribute('href', '/deals/new')
  })
})

describe('/dashboard selling mode while it loads', () => {
  it('shows the news and the listings together, so the listings never jump down when the news arrives', async () => {
    const calls = dashboardServer({ listings: [buildMyDeal()] })
    let release = () => {}
    const newsHeld = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('/api/dashboard/visits', async () => {
        await newsHeld
        return HttpResponse.json(noNews)
      }),
    )
    openDashboard(sellerOnly())
    expect(await screen.findByText('Loading…')).toBeInTheDocument()
    // The listings have arrived; shown now, they would be pushed down by the news.
    await waitFor(() => expect(calls).toContain('GET /api/deals/mine'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('heading', { level: 2, name: 'My listings' })).not.toBeInTheDocument()
    release()
    expect(await heading('New since your last visit')).toBeInTheDocument()
    expect(await heading('My listings')).toBeInTheDocument()
  })
})

describe('/dashboard fetch attempt marker (spec §3)', () => {
  it('starts one visit per browser session: set before the first fetch, read-only after, cleared by sign-out', async () => {
    const calls = dashboardServer()
    const seller = sellerOnly()
    const first = openDashboard(seller)
    await heading('My listings')
    await screen.findByText('Nothing new since your last visit.')
    expect(calls.filter((call) => call.includes('/dashboard/'))).toEqual(['POST /api/dashboard/visits'])
    expect(sessionStorage.getItem(DASHBOARD_MARKER_KEY)).toBe(seller.userId)
    first.unmount()

    // Another open in the same session (a reload, coming back) reads the news from the same point.
    const second = openDashboard(seller)
    await screen.findByText('Nothing new since your last visit.')
    expect(calls.filter((call) => call.includes('/dashboard/'))).toEqual([
      'POST /api/dashboard/visits',
      'GET /api/dashboard/news',
    ])
    second.unmount()

    // Sign-out removes the marker (spec §4), so the next sign-in starts a new visit.
    act(() => clearForSignOut())
    expect(sessionStorage.getItem(DASHBOARD_MARKER_KEY)).toBeNull()
    openDashboard(seller)
    await screen.findByText('Nothing new since your last visit.')
    expect(calls.filter((call) => call.includes('/dashboard/')).at(-1)).toBe('POST /api/dashboard/visits')
  })

  it('lasts the browser session across its tabs: a tab opened later reads the news of the visit under way', async () => {
    const calls = dashboardServer()
    const seller = sellerOnly()
    const first = openDashboard(seller)
    await screen.findByText('Nothing new since your last visit.')
    first.unmount()

    // Another tab of the same browser (a link from a mail, say): its session storage starts empty.
    sessionStorage.clear()
    const second = openDashboard(seller)
    await screen.findByText('Nothing new since your last visit.')
    expect(calls.filter((call) => call.includes('/dashboard/'))).toEqual([
      'POST /api/dashboard/visits',
      'GET /api/dashboard/news',
    ])
    second.unmount()

    // Signing out in any tab ends the visit for every tab; so does another member signing in.
    act(() => clearForSignOut())
    sessionStorage.clear()
    const third = openDashboard(seller)
    await screen.findByText('Nothing new since your last visit.')
    expect(calls.filter((call) => call.includes('/dashboard/')).at(-1)).toBe('POST /api/dashboard/visits')
    third.unmount()
    sessionStorage.clear()
    openDashboard(buildUser({ userId: 'seller-10', role: 'originator', roles: ['originator'] }))
    await screen.findByText('Nothing new since your last visit.')
    expect(calls.filter((call) => call.includes('/dashboard/')).slice(-2)).toEqual([
      'POST /api/dashboard/visits',
      'POST /api/dashboard/visits',
    ])
  }, 20_000)

  it('does not start another visit when the first attempt failed: the retry reads the news', async () => {
    const failures: Record<string, number> = { 'POST /api/dashboard/visits': 500 }
    const calls = dashboardServer({ fail: failures })
    const user = userEvent.setup()
    openDashboard(sellerOnly())
    const news = within((await heading('New since your last visit')).closest('section')!)
    expect(await news.findByRole('alert')).toHaveTextContent('Failed to load what is new.')
    await user.click(news.getByRole('button', { name: 'Try again' }))
    expect(await news.findByText('Nothing new since your last visit.')).toBeInTheDocument()
    expect(calls.filter((call) => call.includes('/dashboard/'))).toEqual([
      'POST /api/dashboard/visits',
      'GET /api/dashboard/news',
    ])
  })
})

describe('/dashboard in Spanish', () => {
  it('names the modes, sections and states in Spanish', async () => {
    await initTestI18n('es')
    dashboardServer({ offers: [buildOffer({ status: 'accepted' })] })
    openDashboard(hybridUser(), '/dashboard?mode=buying')
    expect(await screen.findByRole('tablist', { name: 'Modo del panel' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Compras' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Ventas' })).toBeInTheDocument()
    const offers = within((await heading('Mis ofertas')).closest('section')!)
    expect(await offers.findByText('Aceptada')).toBeInTheDocument()
    expect(offers.getByText('Oferta de contado · $240,000')).toBeInTheDocument()
    const favorites = within((await heading('Favoritos')).closest('section')!)
    expect(await favorites.findByRole('link', { name: 'Ver operaciones' })).toHaveAttribute('href', '/deals')
  })
})
