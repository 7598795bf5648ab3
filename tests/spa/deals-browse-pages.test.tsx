import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildDealSummary, browseServer, lastOf, PAGE_LOAD } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { initTestI18n } from './i18n'
import { renderApp } from './render'

const buyer = () => buildUser({ role: 'buyer', roles: ['buyer'] })

describe('browse deals: a page past the end', () => {
  it('says the page does not exist and offers the last page, not "No deals yet"', async () => {
    const user = userEvent.setup()
    const api = browseServer({
      answer: (query) =>
        query.get('page') === '99'
          ? { items: [], total: 281 }
          : { items: [buildDealSummary({ purchasePrice: 151000 })], total: 281 },
    })
    const { router } = renderApp({ path: '/deals?state=TX&page=99', user: buyer() })

    expect(await screen.findByRole('heading', { name: 'There is no page 99' }, PAGE_LOAD)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'No deals yet' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'No deals match these filters' })).not.toBeInTheDocument()
    const last = screen.getByRole('link', { name: 'Go to the last page (15)' })
    await user.click(last)
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('15'))
    expect(new URLSearchParams(router.state.location.search).get('state')).toBe('TX')
    expect(await screen.findByRole('link', { name: /^\$151,000/ })).toBeInTheDocument()
    expect(lastOf(api.requests.list).get('page')).toBe('15')
  })

  it('says so in Spanish', async () => {
    await initTestI18n('es')
    browseServer({ answer: () => ({ items: [], total: 281 }) })
    renderApp({ path: '/deals?page=99', user: buyer() })
    expect(await screen.findByRole('heading', { name: 'No existe la página 99' }, PAGE_LOAD)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ir a la última página (15)' })).toBeInTheDocument()
  })
})

describe('browse deals: where each deal is', () => {
  it('shows street, city, state and ZIP on a card, or "Address undisclosed" with city, state and ZIP', async () => {
    browseServer({
      answer: () => ({
        items: [
          buildDealSummary({
            purchasePrice: 472000,
            streetAddress: '5795 Pine St',
            city: 'Sacramento',
            state: 'CA',
            zipCode: '95820',
          }),
          buildDealSummary({
            purchasePrice: 543000,
            streetAddress: null,
            addressHidden: true,
            city: 'Tampa',
            state: 'FL',
            zipCode: '33602',
          }),
        ],
      }),
    })
    renderApp({ path: '/deals', user: buyer() })

    const shown = await screen.findByRole('link', { name: '$472,000, 5795 Pine St, Sacramento, CA 95820' }, PAGE_LOAD)
    const card = within(shown.closest('article') as HTMLElement)
    expect(card.getByText('5795 Pine St')).toBeVisible()
    expect(card.getByText('Sacramento, CA 95820')).toBeVisible()

    const hidden = screen.getByRole('link', { name: '$543,000, Address undisclosed · Tampa, FL 33602' })
    const hiddenCard = within(hidden.closest('article') as HTMLElement)
    expect(hiddenCard.getByText('Address undisclosed')).toBeVisible()
    expect(hiddenCard.getByText('Tampa, FL 33602')).toBeVisible()
  })
})
