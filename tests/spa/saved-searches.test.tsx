import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18n from 'i18next'
import { http, HttpResponse } from 'msw'
import type { SavedSearch } from '@/contract'
import { browseServer, buildDealSummary, PAGE_LOAD } from './deals-browse-fixtures'
import { buildUser } from './factories'
import { server } from './msw'
import { profileServer } from './profile-fixtures'
import { renderApp } from './render'

const buyer = () => buildUser({ role: 'buyer', roles: ['buyer'] })

/** The saved searches' endpoints over in-memory state; a name in `taken` is refused as the server does. */
function savedSearchServer(initial: SavedSearch[] = [], taken: string[] = []) {
  const state = { items: [...initial] }
  const created: Record<string, unknown>[] = []
  server.use(
    http.get('/api/saved-searches', () => HttpResponse.json({ items: state.items })),
    http.post('/api/saved-searches', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown> & { name: string }
      if (taken.includes(body.name)) {
        return HttpResponse.json(
          {
            message: 'Invalid input',
            code: 'invalid_input',
            fields: { name: 'You already have a saved search with this name.' },
          },
          { status: 400 },
        )
      }
      created.push(body)
      const search = { id: `s${created.length}`, createdAt: '2026-11-26T10:00:00.000Z', ...body } as SavedSearch
      state.items.push(search)
      return HttpResponse.json(search, { status: 201 })
    }),
    http.delete('/api/saved-searches/:id', ({ params }) => {
      state.items = state.items.filter((item) => item.id !== params.id)
      return HttpResponse.json({ items: state.items })
    }),
  )
  return { state, created }
}

const phoenix: SavedSearch = {
  id: 'search-1',
  name: 'Phoenix flips',
  filters: { state: 'AZ', city: 'Phoenix', purchaseType: ['SubTo'], propertyType: [], tags: [], minBeds: 3 },
  frequency: 'weekly',
  channels: ['email'],
  createdAt: '2026-11-20T10:00:00.000Z',
}

describe('save search on /deals', () => {
  it('is disabled until a filter is set', async () => {
    browseServer({ answer: () => ({ items: [buildDealSummary()], total: 1 }) })
    savedSearchServer()
    renderApp({ path: '/deals', user: buyer() })
    const button = await screen.findByRole('button', { name: 'Save search' }, PAGE_LOAD)
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Set at least one filter to save this search.')
  }, 30_000)

  it('names the search from the filters and keeps what was typed when the server refuses it', async () => {
    const user = userEvent.setup()
    browseServer({ answer: () => ({ items: [buildDealSummary()], total: 1 }) })
    const api = savedSearchServer([], ['Mine'])
    renderApp({ path: '/deals?state=AZ&city=Phoenix&purchaseType=SubTo', user: buyer() })

    await user.click(await screen.findByRole('button', { name: 'Save search' }, PAGE_LOAD))
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' })
    const name = within(dialog).getByRole('textbox', { name: /Name/ })
    expect(name).toHaveValue('Phoenix, AZ · Subject-to')

    await user.clear(name)
    await user.type(name, 'Mine')
    await user.click(within(dialog).getByRole('radio', { name: 'Real time' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Email' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }))
    expect(await within(dialog).findByText('You already have a saved search with this name.')).toBeInTheDocument()
    expect(name).toHaveValue('Mine')
    expect(within(dialog).getByRole('radio', { name: 'Real time' })).toBeChecked()

    await user.type(name, ' too')
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.created).toEqual([
      {
        name: 'Mine too',
        frequency: 'real-time',
        channels: [],
        filters: expect.objectContaining({ state: 'AZ', city: 'Phoenix', purchaseType: ['SubTo'] }),
      },
    ])
  }, 30_000)
})

describe('saved searches beside the buy box', () => {
  it('lists each search in words with Open on /deals, and deletes one after confirming', async () => {
    const user = userEvent.setup()
    const me = buyer()
    profileServer({ me })
    savedSearchServer([phoenix])
    renderApp({ path: '/profile?tab=buybox', user: me })

    const item = await screen.findByRole('listitem', { name: 'Phoenix flips' })
    expect(within(item).getByText('Phoenix, AZ · Subject-to · 3+ beds')).toBeInTheDocument()
    expect(within(item).getByRole('radio', { name: 'Weekly' })).toBeChecked()
    const open = within(item).getByRole('link', { name: /^Open\s?Phoenix flips$/ })
    const href = new URL(open.getAttribute('href')!, 'http://x')
    expect(href.pathname).toBe('/deals')
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      state: 'AZ',
      city: 'Phoenix',
      purchaseType: 'SubTo',
      minBeds: '3',
    })

    await user.click(within(item).getByRole('button', { name: /^Delete\s?Phoenix flips$/ }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Phoenix flips”?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete search' }))
    expect(await screen.findByText(/You have no saved searches yet/)).toBeInTheDocument()
  }, 30_000)

  it('speaks Spanish', async () => {
    const me = buyer()
    profileServer({ me })
    savedSearchServer([])
    await i18n.changeLanguage('es')
    renderApp({ path: '/profile?tab=buybox', user: me })
    expect(await screen.findByRole('heading', { name: 'Búsquedas guardadas' })).toBeInTheDocument()
    expect(await screen.findByText(/Aún no tienes búsquedas guardadas/)).toBeInTheDocument()
  }, 30_000)
})

describe('the stale badge', () => {
  it('shows "Not updated in N days" on a stale card, in English and Spanish', async () => {
    browseServer({
      answer: () => ({ items: [buildDealSummary({ staleDays: 31 }), buildDealSummary({ staleDays: null })], total: 2 }),
    })
    savedSearchServer()
    const view = renderApp({ path: '/deals', user: buyer() })
    expect(await screen.findByText('Not updated in 31 days', {}, PAGE_LOAD)).toBeInTheDocument()
    expect(screen.getAllByText(/Not updated in/)).toHaveLength(1)
    view.unmount()
    await i18n.changeLanguage('es')
    renderApp({ path: '/deals', user: buyer() })
    expect(await screen.findByText('Sin actualizar desde hace 31 días', {}, PAGE_LOAD)).toBeInTheDocument()
  }, 30_000)
})
