import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { buildDealSummary, browseServer, lastOf, PAGE_LOAD } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { renderApp } from './render'

const buyer = () => buildUser({ role: 'buyer', roles: ['buyer'] })
const search = (router: ReturnType<typeof renderApp>['router']) => new URLSearchParams(router.state.location.search)

describe('browse deals', () => {
  it('puts each filter, the sort and the page into the URL and the request', async () => {
    const user = userEvent.setup()
    const api = browseServer({ answer: () => ({ items: [buildDealSummary()], total: 45 }) })
    const { router } = renderApp({ path: '/deals', user: buyer() })

    expect(await screen.findByText('45 deals', {}, PAGE_LOAD)).toBeInTheDocument()
    expect(lastOf(api.requests.list).get('sort')).toBe('newest')

    await user.type(screen.getByRole('searchbox', { name: 'Search deals' }), 'pool{Enter}')
    await waitFor(() => expect(lastOf(api.requests.list).get('q')).toBe('pool'))
    expect(search(router).get('q')).toBe('pool')

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'TX')
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Austin{Enter}')
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '78701{Enter}')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'creative')
    const purchase = screen.getByRole('group', { name: 'Purchase type' })
    await user.click(within(purchase).getByRole('checkbox', { name: 'Subject-to' }))
    await user.click(within(purchase).getByRole('checkbox', { name: 'Lease option' }))
    await user.click(
      within(screen.getByRole('group', { name: 'Property type' })).getByRole('checkbox', { name: 'Condo' }),
    )
    await user.type(screen.getByRole('textbox', { name: 'Minimum price' }), '$150,000{Enter}')
    await user.type(screen.getByRole('textbox', { name: 'Maximum price' }), '400k{Enter}')
    await user.click(within(screen.getByRole('group', { name: 'Bedrooms' })).getByRole('radio', { name: '3+' }))
    await user.click(within(screen.getByRole('group', { name: 'Bathrooms' })).getByRole('radio', { name: '2+' }))
    await user.click(within(screen.getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: 'Off-market' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc')

    const expected = {
      q: 'pool',
      state: 'TX',
      city: 'Austin',
      zipCode: '78701',
      dealCategory: 'creative',
      minPrice: '150000',
      maxPrice: '400000',
      minBeds: '3',
      minBaths: '2',
      sort: 'price-asc',
    }
    await waitFor(() => expect(lastOf(api.requests.list).get('sort')).toBe('price-asc'))
    const request = lastOf(api.requests.list)
    for (const [key, value] of Object.entries(expected)) {
      expect(request.get(key), key).toBe(value)
      expect(search(router).get(key), key).toBe(value)
    }
    expect(request.getAll('purchaseType')).toEqual(['SubTo', 'LeaseOption'])
    expect(request.getAll('propertyType')).toEqual(['condo'])
    expect(request.getAll('tags')).toEqual(['off-market'])
  }, 20_000)

  it('pages with numbers and previous/next; a new filter starts at page 1 and back undoes it', async () => {
    const user = userEvent.setup()
    const api = browseServer({ answer: () => ({ items: [buildDealSummary()], total: 45 }) })
    const { router } = renderApp({ path: '/deals?tags=off-market', user: buyer() })
    expect(await screen.findByText('45 deals', {}, PAGE_LOAD)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Page 4' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Page 2' }))
    await waitFor(() => expect(lastOf(api.requests.list).get('page')).toBe('2'))
    expect(search(router).get('page')).toBe('2')
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await user.click(screen.getByRole('link', { name: 'Next' }))
    await waitFor(() => expect(lastOf(api.requests.list).get('page')).toBe('3'))

    // A new filter starts again from the first page; back returns to the page before.
    await user.click(within(screen.getByRole('group', { name: 'Tags' })).getByRole('checkbox', { name: 'Wholesale' }))
    await waitFor(() => expect(lastOf(api.requests.list).getAll('tags')).toEqual(['off-market', 'wholesale']))
    expect(lastOf(api.requests.list).get('page')).toBe('1')
    await act(() => router.navigate(-1))
    await waitFor(() => expect(search(router).get('page')).toBe('3'))
    expect(search(router).getAll('tags')).toEqual(['off-market'])
  })

  it('opens a shared link with its filters in place and asks for the same results', async () => {
    const api = browseServer({
      answer: (query) =>
        query.get('city') === 'Dallas' && query.getAll('tags').includes('fix-and-flip')
          ? { items: [buildDealSummary({ streetAddress: '9 Elm Road', city: 'Dallas', purchasePrice: 180000 })] }
          : { items: [] },
    })
    renderApp({
      path: '/deals?state=TX&city=Dallas&tags=fix-and-flip&minBeds=2&sort=price-desc&favorites=true&page=2',
      user: buyer(),
    })

    expect(
      await screen.findByRole('link', { name: '$180,000, 9 Elm Road, Dallas, TX 78701' }, PAGE_LOAD),
    ).toHaveAttribute('href', expect.stringMatching(/^\/deals\/deal-\d+$/))
    const request = lastOf(api.requests.list)
    expect(Object.fromEntries(request)).toMatchObject({
      state: 'TX',
      city: 'Dallas',
      tags: 'fix-and-flip',
      minBeds: '2',
      sort: 'price-desc',
      favorites: 'true',
      page: '2',
    })
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('TX')
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas')
    expect(screen.getByRole('checkbox', { name: 'Fix and flip' })).toBeChecked()
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc')
    expect(screen.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'true')
  })
})
