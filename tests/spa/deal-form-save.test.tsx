import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildUser } from './factories'
import { buildDeal, buildPhoto, dealFormServer, sellerUser } from './deal-form-fixtures'
import { server } from './msw'
import { renderApp } from './render'

const box = (name: RegExp) => screen.getByRole('textbox', { name })

/** The detail page the form lands on asks for more than the listing; answer it plainly. */
function detailPageHandlers() {
  server.use(
    http.get('/api/deals/:id/interests', () => HttpResponse.json([])),
    http.get('/api/deals/:id/status-history', () => HttpResponse.json([])),
  )
}

type User = ReturnType<typeof userEvent.setup>
/** Pastes rather than types: the form is long, and key-by-key typing is not what these tests are about. */
async function fill(user: User, element: HTMLElement, text: string) {
  await user.click(element)
  await user.paste(text)
}

async function fillValidCashListing(user: User) {
  await fill(user, box(/^Street address/), '12 Oak Street')
  await fill(user, box(/^City/), 'Austin')
  await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'Texas')
  await fill(user, box(/^ZIP code/), '78701')
  await fill(user, box(/^Purchase price/), '$250,000')
  await user.selectOptions(screen.getByRole('combobox', { name: /^Property type/ }), 'Single family')
  await fill(user, box(/^Description/), 'A solid rental in a quiet street.')
  await user.click(screen.getByRole('checkbox', { name: 'Rental property' }))
  await user.click(screen.getByRole('checkbox', { name: /I certify/ }))
}

const image = (name: string, type = 'image/jpeg', size = 1000) => new File([new Uint8Array(size)], name, { type })

describe('saving a listing', { timeout: 15_000 }, () => {
  it('creates the listing, uploads the photos picked before saving and opens it', async () => {
    const user = userEvent.setup()
    const api = dealFormServer()
    detailPageHandlers()
    const uploads: string[] = []
    server.use(
      http.post('/api/deals/:id/photos', async ({ request, params }) => {
        // jsdom's multipart loses the file's name and bytes on the way through MSW: only the field is checked.
        expect((await request.formData()).has('file')).toBe(true)
        uploads.push(String(params.id))
        return HttpResponse.json(uploads.map((_, index) => buildPhoto(`photo-${index}`, index)))
      }),
    )
    const { router } = renderApp({ path: '/deals/new', user: sellerUser() })
    await screen.findByRole('heading', { name: 'List a deal', level: 1 }, { timeout: 5000 })
    expect(screen.getByText(/Up to 25 photos, JPEG, PNG or WebP, at most 10MB each/)).toBeInTheDocument()

    await fillValidCashListing(user)
    await user.upload(screen.getByLabelText('Add photos'), [image('front.jpg'), image('yard.png', 'image/png', 2000)])
    const photos = screen.getByRole('list', { name: 'Photos' })
    expect(within(photos).getAllByRole('listitem')).toHaveLength(2)
    expect(within(photos).getByText('Cover')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Move Photo 2 earlier' }))
    await user.click(screen.getByRole('button', { name: 'Publish listing' }))

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-new'))
    expect(await screen.findByText('Your listing is live')).toBeInTheDocument()
    expect(api.requests.created).toEqual([
      expect.objectContaining({
        streetAddress: '12 Oak Street',
        state: 'TX',
        purchasePrice: 250000,
        purchaseType: null,
        tags: ['rental-property'],
        legalCertification: true,
        initialStatus: 'active',
      }),
    ])
    expect(uploads).toEqual(['deal-new', 'deal-new'])
  })

  it('links to the listing that already holds the address', async () => {
    const user = userEvent.setup()
    dealFormServer({
      create: {
        status: 409,
        body: {
          message: 'This property address is already listed by another user',
          code: 'duplicate_address',
          existingDealId: 'deal-9',
        },
      },
    })
    renderApp({ path: '/deals/new', user: sellerUser() })
    await screen.findByRole('heading', { name: 'List a deal', level: 1 }, { timeout: 5000 })
    await fillValidCashListing(user)
    await user.click(screen.getByRole('button', { name: 'Publish listing' }))

    const alert = await screen.findByText('This property address is already listed by another user')
    expect(
      within(alert.parentElement as HTMLElement).getByRole('link', { name: 'View the existing listing' }),
    ).toHaveAttribute('href', '/deals/deal-9')
    expect(box(/^Street address/)).toHaveValue('12 Oak Street')
  })

  it('says a hidden-address listing holds the address without linking to it', async () => {
    const user = userEvent.setup()
    dealFormServer({
      create: {
        status: 409,
        body: { message: 'This property address is already listed by another user', code: 'duplicate_address' },
      },
    })
    renderApp({ path: '/deals/new', user: sellerUser() })
    await screen.findByRole('heading', { name: 'List a deal', level: 1 }, { timeout: 5000 })
    await fillValidCashListing(user)
    await user.click(screen.getByRole('button', { name: 'Publish listing' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This property address is already listed by another user')
    expect(alert).toHaveTextContent("That listing's address is private, so it is not linked here.")
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument()
  })

  it('asks before publishing a second version of an address the seller already lists, then publishes it', async () => {
    const user = userEvent.setup()
    const api = dealFormServer()
    detailPageHandlers()
    const queries: string[] = []
    server.use(
      http.post('/api/deals', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        const query = new URL(request.url).search
        queries.push(query)
        if (query !== '?sameAddress=confirmed') {
          return HttpResponse.json(
            {
              message: 'You already list this property address',
              code: 'own_duplicate_address',
              existingDealId: 'deal-7',
            },
            { status: 409 },
          )
        }
        return HttpResponse.json(buildDeal({ ...(body as object), id: 'deal-new' }))
      }),
    )
    const { router } = renderApp({ path: '/deals/new', user: sellerUser() })
    await screen.findByRole('heading', { name: 'List a deal', level: 1 }, { timeout: 5000 })
    await fillValidCashListing(user)
    await user.click(screen.getByRole('button', { name: 'Publish listing' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('You already list this property address.')
    expect(alert).toHaveTextContent('Publish another version of it, for example a cash and a creative one?')
    expect(within(alert).getByRole('link', { name: 'View your listing' })).toHaveAttribute('href', '/deals/deal-7')
    expect(router.state.location.pathname).toBe('/deals/new')

    await user.click(within(alert).getByRole('button', { name: 'Yes, publish another version' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-new'))
    expect(queries).toEqual(['', '?sameAddress=confirmed'])
    expect(api.requests.created).toEqual([])
  })

  it('puts the server field messages on their fields and says "Update failed" otherwise', async () => {
    const user = userEvent.setup()
    dealFormServer({
      create: {
        status: 400,
        body: { message: 'Invalid input', fields: { zipCode: 'ZIP code must be exactly 5 digits.' } },
      },
    })
    renderApp({ path: '/deals/new', user: sellerUser() })
    await screen.findByRole('heading', { name: 'List a deal', level: 1 }, { timeout: 5000 })
    await fillValidCashListing(user)
    await user.click(screen.getByRole('button', { name: 'Publish listing' }))
    expect(await screen.findByText('Please fill in all required fields (1 error found)')).toBeInTheDocument()
    expect(box(/^ZIP code/)).toHaveAccessibleDescription('ZIP code must be exactly 5 digits.')
    expect(box(/^ZIP code/)).toHaveFocus()

    server.use(http.post('/api/deals', () => HttpResponse.json({ message: 'Boom' }, { status: 500 })))
    await user.click(screen.getByRole('button', { name: 'Publish listing' }))
    expect(await screen.findByText('Update failed')).toBeInTheDocument()
  })

  it('refuses photos of the wrong type or size before uploading', async () => {
    const user = userEvent.setup({ applyAccept: false })
    dealFormServer()
    renderApp({ path: '/deals/new', user: sellerUser() })
    await screen.findByRole('heading', { name: 'List a deal', level: 1 }, { timeout: 5000 })
    await user.upload(screen.getByLabelText('Add photos'), [
      image('notes.pdf', 'application/pdf'),
      image('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
    ])
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText(/notes\.pdf: Invalid file type/)).toBeInTheDocument()
    expect(within(alert).getByText(/huge\.jpg: File too large/)).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Photos' })).not.toBeInTheDocument()
  })

  it('edits a listing with its saved values and photos, and saves the changes', async () => {
    const user = userEvent.setup()
    const api = dealFormServer({
      deal: buildDeal({ id: 'deal-3', photos: [buildPhoto('p1', 0), buildPhoto('p2', 1)] }),
    })
    detailPageHandlers()
    const orders: unknown[] = []
    server.use(
      http.put('/api/deals/:id/photos/order', async ({ request }) => {
        const body = (await request.json()) as { photoIds: string[] }
        orders.push(body.photoIds)
        return HttpResponse.json(body.photoIds.map((id, index) => buildPhoto(id, index)))
      }),
    )
    const { router } = renderApp({ path: '/deals/deal-3/edit', user: sellerUser() })
    expect(await screen.findByRole('textbox', { name: /^Street address/ })).toHaveValue('12 Oak Street')
    expect(box(/^Purchase price/)).toHaveValue('250000')

    await user.click(screen.getByRole('button', { name: 'Move Photo 2 earlier' }))
    await vi.waitFor(() => expect(orders).toEqual([['p2', 'p1']]))

    // The certification is shown as stored: a change saves without ticking it again.
    expect(screen.getByRole('checkbox', { name: /I certify/ })).toBeChecked()
    await user.clear(box(/^Purchase price/))
    await user.type(box(/^Purchase price/), '240000')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/deals/deal-3'))
    expect(api.requests.updated).toEqual([expect.objectContaining({ purchasePrice: 240000, legalCertification: true })])
  })

  it('shows a listing stored without the certification unticked, and asks for it before saving', async () => {
    const user = userEvent.setup()
    const api = dealFormServer({ deal: buildDeal({ id: 'deal-3', legalCertification: false }) })
    renderApp({ path: '/deals/deal-3/edit', user: sellerUser() })
    const certification = await screen.findByRole('checkbox', { name: /I certify/ }, { timeout: 5000 })
    expect(certification).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('You must certify your contractual interest in this property.')).toBeInTheDocument()
    expect(api.requests.updated).toEqual([])
  })

  it('shows "Listing not found" for a missing listing and sends buyers to /unauthorized', async () => {
    dealFormServer({ getDeal: { status: 404, body: { message: 'Listing not found' } } })
    renderApp({ path: '/deals/gone/edit', user: sellerUser() })
    expect(await screen.findByText('Listing not found')).toBeInTheDocument()
  })

  it('sends a buyer editing a listing to /unauthorized (a new listing offers the seller role instead)', async () => {
    dealFormServer()
    const { router } = renderApp({ path: '/deals/deal-1/edit', user: buildUser() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'))
    await screen.findByRole('heading', { level: 1 })
  })

  it('sends another seller away from a listing that is not theirs', async () => {
    dealFormServer({ deal: buildDeal({ isOwner: false }) })
    const { router } = renderApp({ path: '/deals/deal-1/edit', user: sellerUser() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'))
    await screen.findByRole('heading', { level: 1 })
  })
})
