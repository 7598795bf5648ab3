import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import userEvent from '@testing-library/user-event'
import { buildDealSummary, browseServer, lastOf, PAGE_LOAD } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { initTestI18n, testResources } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const buyer = () => buildUser({ role: 'buyer', roles: ['buyer'] })

describe('browse deals: cards, favorites and states', () => {
  it('shows what a card promises and saves a favorite at once, keeping the server count', async () => {
    const user = userEvent.setup()
    const hidden = buildDealSummary({
      streetAddress: null,
      addressHidden: true,
      city: 'Phoenix',
      state: 'AZ',
      zipCode: '85004',
      dealCategory: 'creative',
      purchaseType: 'SubTo',
      purchasePrice: 320000,
      entryFee: 15000,
      interestRate: 3.25,
      monthlyPayment: 1850,
      status: 'pending',
      availability: 'no-new-offers',
      tags: ['low-entry-fee', 'low-interest-rate', 'off-market', 'wholesale'],
      favoriteCount: 4,
    })
    const api = browseServer({ answer: () => ({ items: [hidden] }) })
    api.counts.set(hidden.id, 4)
    renderApp({ path: '/deals', user: buyer() })

    const link = await screen.findByRole(
      'link',
      { name: '$320,000, Address undisclosed · Phoenix, AZ 85004' },
      PAGE_LOAD,
    )
    expect(link).toHaveAttribute('href', `/deals/${hidden.id}`)
    const card = link.closest('article') as HTMLElement
    expect(within(card).getByText('Subject-to')).toBeInTheDocument()
    expect(within(card).getByText('No new offers')).toBeInTheDocument()
    expect(within(card).getByText('Entry fee $15,000 · 3.25% interest · $1,850/mo')).toBeInTheDocument()
    expect(within(card).getByText('3 beds · 2 baths · 1,450 sq ft')).toBeInTheDocument()
    expect(within(card).getByText('+1 more')).toBeInTheDocument()

    const save = within(card).getByRole('button', { name: 'Save to favorites' })
    expect(save).toHaveAttribute('aria-pressed', 'false')
    expect(save).toHaveAccessibleDescription('Saved by 4 people')
    await user.click(save)
    const remove = within(card).getByRole('button', { name: 'Remove from favorites' })
    expect(remove).toHaveAttribute('aria-pressed', 'true')
    expect(remove).toHaveAccessibleDescription('Saved by 5 people')
    await waitFor(() => expect(api.requests.favorite).toEqual([{ id: hidden.id, method: 'PUT' }]))
    expect(await within(card).findByRole('button', { name: 'Remove from favorites' })).toHaveAccessibleDescription(
      'Saved by 5 people',
    )

    await user.click(remove)
    expect(await within(card).findByRole('button', { name: 'Save to favorites' })).toHaveAccessibleDescription(
      'Saved by 4 people',
    )
    await waitFor(() => expect(api.requests.favorite).toHaveLength(2))
  })

  it('says "About 17,000 deals" for an estimated total and offers no estimated last page', async () => {
    browseServer({ answer: () => ({ items: [buildDealSummary()], total: 16_669, totalIsEstimate: true }) })
    renderApp({ path: '/deals', user: buyer() })
    expect(await screen.findByText('About 17,000 deals', undefined, PAGE_LOAD)).toBeInTheDocument()
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toBeInTheDocument()
    expect(within(pages).queryByRole('link', { name: 'Page 834' })).not.toBeInTheDocument()
    expect(within(pages).getByRole('link', { name: 'Next' })).toBeInTheDocument()
  })

  it('offers to clear filters when nothing matches, and clears them', async () => {
    const user = userEvent.setup()
    const api = browseServer({
      answer: (query) => (query.get('city') ? { items: [] } : { items: [buildDealSummary({ purchasePrice: 99000 })] }),
    })
    const { router } = renderApp({ path: '/deals?city=Nowhere&sort=oldest', user: buyer() })

    const empty = await screen.findByRole('heading', { name: 'No deals match these filters' }, PAGE_LOAD)
    expect(screen.getByText('0 deals')).toBeInTheDocument()
    await user.click(within(empty.parentElement as HTMLElement).getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('link', { name: /^\$99,000/ })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?sort=oldest')
    expect(lastOf(api.requests.list).get('city')).toBeNull()
  })

  it('explains an empty favorites view and an empty interested view', async () => {
    const user = userEvent.setup()
    const api = browseServer({ answer: () => ({ items: [] }) })
    renderApp({ path: '/deals', user: buyer() })

    await user.click(await screen.findByRole('button', { name: 'Favorites' }, PAGE_LOAD))
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument()
    expect(lastOf(api.requests.list).get('favorites')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'Interested' }))
    expect(
      await screen.findByRole('heading', { name: "You haven't shown interest in any deal yet" }),
    ).toBeInTheDocument()
    expect(lastOf(api.requests.list).get('interested')).toBe('true')
    expect(lastOf(api.requests.list).get('favorites')).toBeNull()
  })

  it('names, in the empty interested view, the button a deal page really shows (both languages)', async () => {
    for (const language of ['en', 'es'] as const) {
      await initTestI18n(language)
      browseServer({ answer: () => ({ items: [] }) })
      const { unmount } = renderApp({ path: '/deals?interested=true', user: buyer() })
      const button = (testResources[language]!.dealDetail as { interest: { open: string } }).interest.open
      const heading = await screen.findByRole('heading', { name: /interest|interés/ }, PAGE_LOAD)
      expect(heading.parentElement).toHaveTextContent(`"${button}"`)
      unmount()
    }
  })

  it('says when deals cannot load and tries again', async () => {
    const user = userEvent.setup()
    let fail = true
    browseServer({ answer: () => (fail ? 'error' : { items: [buildDealSummary({ purchasePrice: 123000 })] }) })
    renderApp({ path: '/deals', user: buyer() })

    expect(await screen.findByRole('alert', {}, PAGE_LOAD)).toHaveTextContent(
      "We couldn't load deals. Check your connection and try again.",
    )
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: /^\$123,000/ })).toBeInTheDocument()
  })

  it('gives sellers the way to list a deal and to their listings', async () => {
    browseServer()
    renderApp({ path: '/deals', user: buildUser({ role: 'originator', roles: ['originator'] }) })
    expect(await screen.findByRole('link', { name: 'List a deal' }, PAGE_LOAD)).toHaveAttribute('href', '/deals/new')
    expect(screen.getByRole('link', { name: 'My listings' })).toHaveAttribute('href', '/deals/mine')
  })

  it('copies the filtered link and says so', async () => {
    const user = userEvent.setup()
    browseServer()
    renderApp({ path: '/deals?state=TX&tags=wholesale', user: buyer() })
    await user.click(await screen.findByRole('button', { name: 'Copy link' }, PAGE_LOAD))
    expect(screen.queryByRole('link', { name: 'List a deal' })).not.toBeInTheDocument()
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/deals?state=TX&tags=wholesale`,
    )
  })
})

describe('a favorite the server refuses', () => {
  it('puts the heart back and says so', async () => {
    const user = userEvent.setup()
    const deal = buildDealSummary({ favoriteCount: 2 })
    browseServer({ answer: () => ({ items: [deal] }) })
    server.use(http.put('/api/deals/:id/favorite', () => HttpResponse.json({ message: 'Nope' }, { status: 500 })))
    renderApp({ path: '/deals', user: buyer() })

    await user.click(await screen.findByRole('button', { name: 'Save to favorites' }, PAGE_LOAD))
    expect(await screen.findByText('Your favorite could not be saved. Please try again.')).toBeInTheDocument()
    const save = screen.getByRole('button', { name: 'Save to favorites' })
    expect(save).toHaveAttribute('aria-pressed', 'false')
    expect(save).toHaveAccessibleDescription('Saved by 2 people')
  })
})

describe('the favorites view', () => {
  it('drops a card once it is no longer saved', async () => {
    const user = userEvent.setup()
    const deal = buildDealSummary({ purchasePrice: 305000, isFavorite: true, favoriteCount: 1 })
    const api = browseServer({
      answer: (query) => ({ items: query.get('favorites') === 'true' && api.favorited.has(deal.id) ? [deal] : [] }),
    })
    api.favorited.add(deal.id)
    api.counts.set(deal.id, 1)
    renderApp({ path: '/deals?favorites=true', user: buyer() })

    await user.click(await screen.findByRole('button', { name: 'Remove from favorites' }, PAGE_LOAD))
    expect(await screen.findByRole('heading', { name: 'No favorites yet' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^\$305,000/ })).not.toBeInTheDocument()
  })
})

describe('in Spanish', () => {
  it('speaks Spanish on the page, the cards and the count', async () => {
    await initTestI18n('es')
    browseServer({ answer: () => ({ items: [buildDealSummary({ streetAddress: null, addressHidden: true })] }) })
    renderApp({ path: '/deals', user: buyer() })

    expect(await screen.findByText('1 operación', {}, PAGE_LOAD)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Operaciones' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Guardar en favoritos' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Dirección no revelada · Austin, TX 78701/ })).toBeInTheDocument()
  })
})
