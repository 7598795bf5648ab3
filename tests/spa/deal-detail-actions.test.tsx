import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { dealDetailServer, LAZY_CHUNK, photo } from './deal-detail-fixtures'
import { buildDeal, buildUser } from './factories'
import { renderApp } from './render'

const buyer = buildUser({ userId: 'buyer-1', firstName: 'Maria', lastName: 'Lopez', phoneNumber: '5125550123' })

describe('express interest', () => {
  it('prefills name and phone, checks the message and phone, sends and then shows the expressed state', async () => {
    const user = userEvent.setup()
    const api = dealDetailServer({ deal: buildDeal() })
    renderApp({ path: '/deals/deal-1', user: buyer })

    await user.click(await screen.findByRole('button', { name: 'Express interest' }, LAZY_CHUNK))
    const dialog = screen.getByRole('dialog', { name: 'Express interest' })
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Maria Lopez')
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' })
    expect(phone).toHaveValue('(512) 555-0123')

    await user.clear(phone)
    await user.type(phone, '555-12')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      'This field is required.',
    )
    expect(phone).toHaveAccessibleDescription('Enter a valid 10-digit phone number.')
    expect(within(dialog).getByText('Please fill in all required fields (2 errors found)')).toBeInTheDocument()
    expect(phone).toHaveValue('555-12')
    expect(api.requests.interest).toEqual([])

    await user.clear(phone)
    await user.type(phone, '(512) 555-0199')
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Can I see it Saturday?')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))

    expect(await screen.findByText('Interest sent')).toBeInTheDocument()
    expect(api.requests.interest).toEqual([
      { message: 'Can I see it Saturday?', name: 'Maria Lopez', phone: '5125550199' },
    ])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('You expressed interest')).toHaveFocus()
    expect(screen.queryByRole('button', { name: 'Express interest' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit my message' })).toBeInTheDocument()
  }, 20_000)

  it('lets a buyer change the message they sent, starting from what they sent', async () => {
    const user = userEvent.setup()
    const api = dealDetailServer({
      deal: buildDeal({
        hasExpressedInterest: true,
        myInterest: { name: 'Maria Lopez', phone: '5125550199', message: 'Can I see it Saturday?' },
      }),
    })
    renderApp({ path: '/deals/deal-1', user: buyer })

    expect(await screen.findByText('You expressed interest', undefined, LAZY_CHUNK)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit my message' }))
    const dialog = screen.getByRole('dialog', { name: 'Change your message' })
    const message = within(dialog).getByRole('textbox', { name: 'Message' })
    expect(message).toHaveValue('Can I see it Saturday?')
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue('(512) 555-0199')
    await user.clear(message)
    await user.type(message, 'Sunday works better for me.')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))

    expect(await screen.findByText('Message updated')).toBeInTheDocument()
    expect(api.requests.interest).toEqual([
      { message: 'Sunday works better for me.', name: 'Maria Lopez', phone: '5125550199' },
    ])
    await user.click(screen.getByRole('button', { name: 'Edit my message' }))
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Sunday works better for me.',
    )
  }, 20_000)

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    const user = userEvent.setup()
    dealDetailServer({
      deal: buildDeal(),
      interestFailure: {
        status: 409,
        body: { message: 'This listing is no longer available', code: 'listing_unavailable' },
      },
    })
    renderApp({ path: '/deals/deal-1', user: buyer })
    await user.click(await screen.findByRole('button', { name: 'Express interest' }, LAZY_CHUNK))
    const dialog = screen.getByRole('dialog', { name: 'Express interest' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Still available?')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This listing is no longer available')
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('Still available?')
    // Said once, where it happened: no catch-all toast on top of the dialog's own message.
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
  }, 20_000)

  it('is not offered to the listing’s own seller', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: true }) })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['originator'], role: 'originator' }) })
    expect(await screen.findByRole('link', { name: 'Edit' }, LAZY_CHUNK)).toHaveAttribute('href', '/deals/deal-1/edit')
    expect(screen.queryByRole('button', { name: 'Express interest' })).not.toBeInTheDocument()
  })

  it('offers no management to its seller once their seller role was removed', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: true }) })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['buyer'], role: 'buyer' }) })
    await screen.findByRole('button', { name: /Favorite/ }, LAZY_CHUNK)
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
  })

  it('is not offered to a seller-only account on someone else’s listing', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: false }) })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['originator'], role: 'originator' }) })
    await screen.findByRole('button', { name: /Favorite/ }, LAZY_CHUNK)
    expect(screen.queryByRole('button', { name: 'Express interest' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument()
  })
})

describe('schedule a call', () => {
  it("opens the seller's booking link in a new tab", async () => {
    const listedBy = { ...buildDeal().listedBy, callBookingLink: 'https://cal.example.com/sam' }
    dealDetailServer({ deal: buildDeal({ listedBy }) })
    renderApp({ path: '/deals/deal-1', user: buyer })
    const link = await screen.findByRole('link', { name: /Schedule a call/ }, LAZY_CHUNK)
    expect(link).toHaveAttribute('href', 'https://cal.example.com/sam')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('is hidden when the seller has no booking link', async () => {
    dealDetailServer({ deal: buildDeal() })
    renderApp({ path: '/deals/deal-1', user: buyer })
    await screen.findByRole('button', { name: 'Express interest' }, LAZY_CHUNK)
    expect(screen.queryByRole('link', { name: /Schedule a call/ })).not.toBeInTheDocument()
  })
})

describe('photo gallery', () => {
  it('moves between thumbnails with the arrow keys and opens the full-size view with Enter', async () => {
    const user = userEvent.setup()
    dealDetailServer({ deal: buildDeal({ photos: [photo(0), photo(1), photo(2)] }) })
    renderApp({ path: '/deals/deal-1', user: buyer })

    const first = await screen.findByRole('button', { name: 'Show photo 1 of 3' }, LAZY_CHUNK)
    expect(screen.getByRole('img', { name: '12 Oak St, Austin, TX 78701, photo 1 of 3' })).toHaveAttribute(
      'src',
      '/uploads/deals/p0.webp',
    )
    first.focus()
    await user.keyboard('{ArrowRight}')
    const second = screen.getByRole('button', { name: 'Show photo 2 of 3' })
    expect(second).toHaveFocus()
    expect(second).toHaveAttribute('aria-current', 'true')
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveFocus()

    await user.keyboard('{Enter}')
    const viewer = screen.getByRole('dialog', { name: 'Photo 3 of 3' })
    expect(within(viewer).getByRole('img')).toHaveAttribute('src', '/uploads/deals/p2.webp')
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }))
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 3' })).toBeInTheDocument()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('dialog', { name: 'Photo 2 of 3' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('favorite', () => {
  it('toggles with a pressed state and the count', async () => {
    const user = userEvent.setup()
    const api = dealDetailServer({ deal: buildDeal({ favoriteCount: 4 }) })
    renderApp({ path: '/deals/deal-1', user: buyer })
    const button = await screen.findByRole('button', { name: /Favorite/ }, LAZY_CHUNK)
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(button).toHaveTextContent('4')
    await user.click(button)
    expect(button).toHaveAttribute('aria-pressed', 'true')
    expect(button).toHaveTextContent('5')
    expect(api.requests.favorite).toEqual(['put'])
  })
})

describe('seller view', () => {
  it('lists interested buyers with their contact data and the priority notification', async () => {
    dealDetailServer({
      deal: buildDeal({ isOwner: true, priorityNotification: { count: 7, sentAt: '2026-01-11T09:00:00.000Z' } }),
      interests: [
        {
          id: 'i-1',
          dealId: 'deal-1',
          buyerId: 'buyer-9',
          name: 'Ana Diaz',
          phone: '5125550188',
          email: 'ana@example.com',
          message: 'Cash buyer, can close in 10 days.',
          createdAt: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
        },
      ],
    })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['originator'], role: 'originator' }) })
    const section = await screen.findByRole('region', { name: 'Interested buyers' }, LAZY_CHUNK)
    expect(section).toHaveTextContent('Priority buyers notified: 7 on January 11th, 2026')
    expect(await within(section).findByText('Ana Diaz')).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: '(512) 555-0188' })).toHaveAttribute('href', 'tel:+15125550188')
    expect(within(section).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    )
    expect(section).toHaveTextContent('Cash buyer, can close in 10 days.')
    expect(section).toHaveTextContent('2 hours ago')
  })

  it('tells the seller a hidden address is hidden from buyers while showing it to them', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: true, hideAddress: true }) })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['originator'], role: 'originator' }) })
    expect(
      await screen.findByRole('heading', { level: 1, name: '12 Oak St, Austin, TX 78701' }, LAZY_CHUNK),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Hidden from buyers: they see "Address undisclosed" with the city, state and ZIP.'),
    ).toBeInTheDocument()
  })

  it('shows an admin the edit button and the interested buyers of anyone’s listing', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: false }) })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['admin'], role: 'admin' }) })
    expect(await screen.findByRole('link', { name: 'Edit' }, LAZY_CHUNK)).toBeInTheDocument()
    expect(await screen.findByText('No one has expressed interest yet.')).toBeInTheDocument()
  })
})
