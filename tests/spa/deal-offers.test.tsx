import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { dealDetailServer, LAZY_CHUNK } from './deal-detail-fixtures'
import { buildMyOffer, offersServer } from './deal-offers-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const buyer = buildUser({ userId: 'buyer-1', firstName: 'Maria', lastName: 'Lopez' })

/** Opens deal-1 as `user` and resolves to its "Offers" section. */
async function openOffers(options: Parameters<typeof offersServer>[0] = {}, deal = buildDeal(), user = buyer) {
  dealDetailServer({ deal })
  const api = offersServer(options)
  renderApp({ path: `/deals/${deal.id}`, user })
  const section = await screen.findByRole('region', { name: 'Offers' }, LAZY_CHUNK)
  return { api, section }
}

async function openForm(section: HTMLElement, name = 'Make an offer') {
  const user = userEvent.setup()
  await user.click(await within(section).findByRole('button', { name }))
  return { user, form: within(section).getByRole('form', { name }) }
}

describe('making an offer', () => {
  it('says each rule of spec §5 on its field, then sends a cash offer that shows under "Your offers"', async () => {
    const { api, section } = await openOffers()
    const { user, form } = await openForm(section)
    const inForm = within(form)
    const send = inForm.getByRole('button', { name: 'Send offer' })

    await user.click(send)
    expect(inForm.getByRole('group', { name: 'Offer type' })).toHaveAccessibleDescription('Choose an offer type.')
    const closeDate = inForm.getByLabelText('Estimated close of escrow')
    expect(closeDate).toHaveAccessibleDescription(
      'A close of escrow in 30 days or less is typical. Enter the estimated close of escrow date.',
    )
    expect(inForm.getByText('Please fill in all required fields (2 errors found)')).toBeInTheDocument()
    // Focus goes to the first field in error: the type's first choice.
    expect(inForm.getByRole('radio', { name: 'Cash' })).toHaveFocus()
    // Only the chosen type's amount is asked for.
    expect(inForm.queryByLabelText(/Purchase price/)).not.toBeInTheDocument()
    expect(inForm.queryByLabelText(/Entry fee/)).not.toBeInTheDocument()

    // Every missing field at once, the type's amount too.
    await user.click(inForm.getByRole('radio', { name: 'Cash' }))
    await user.click(send)
    expect(inForm.getByLabelText('Purchase price (USD)')).toHaveAccessibleDescription(
      'Enter the purchase price for a cash offer.',
    )
    expect(closeDate).toHaveAccessibleDescription(
      'A close of escrow in 30 days or less is typical. Enter the estimated close of escrow date.',
    )

    await user.type(closeDate, '2020-01-15')
    await user.click(send)
    expect(inForm.getByLabelText('Purchase price (USD)')).toHaveAccessibleDescription(
      'Enter the purchase price for a cash offer.',
    )
    expect(closeDate).toHaveAccessibleDescription(
      'A close of escrow in 30 days or less is typical. The estimated close of escrow date cannot be in the past.',
    )

    await user.click(inForm.getByRole('radio', { name: 'Creative' }))
    await user.click(send)
    expect(inForm.getByLabelText('Entry fee (USD)')).toHaveAccessibleDescription(
      'Enter the entry fee for a creative offer.',
    )
    expect(api.requests.submitted).toEqual([])

    await user.click(inForm.getByRole('radio', { name: 'Cash' }))
    await user.type(inForm.getByLabelText('Purchase price (USD)'), '$240,000')
    await user.clear(closeDate)
    await user.type(closeDate, '2099-06-30')
    await user.type(inForm.getByLabelText('Message (optional)'), 'Can close fast.')
    await user.click(send)

    expect(await screen.findByText('Offer sent')).toBeInTheDocument()
    expect(api.requests.submitted).toEqual([
      {
        type: 'cash',
        purchasePrice: 240000,
        entryFee: null,
        closeOfEscrowDate: '2099-06-30',
        message: 'Can close fast.',
      },
    ])
    expect(within(section).queryByRole('form')).not.toBeInTheDocument()
    const mine = await within(section).findByRole('list')
    const [offer] = within(mine).getAllByRole('listitem')
    expect(offer).toHaveTextContent('Cash offer of $240,000')
    expect(offer).toHaveTextContent('Submitted')
    expect(offer).toHaveTextContent('Jun 30, 2099')
    expect(offer).toHaveTextContent('Can close fast.')
    // Asked for this listing's offers only.
    expect(api.requests.listedFor.every((dealId) => dealId === 'deal-1')).toBe(true)
    expect(within(section).getByRole('button', { name: 'Make a new offer' })).toHaveFocus()
  }, 30_000)

  it('says how long the message may be', async () => {
    const { api, section } = await openOffers()
    const { user, form } = await openForm(section)
    const inForm = within(form)
    await user.click(inForm.getByRole('radio', { name: 'Cash' }))
    await user.type(inForm.getByLabelText('Purchase price (USD)'), '150000')
    await user.type(inForm.getByLabelText('Estimated close of escrow'), '2099-06-30')
    await user.click(inForm.getByLabelText('Message (optional)'))
    await user.paste('x'.repeat(2001))
    await user.click(inForm.getByRole('button', { name: 'Send offer' }))
    expect(inForm.getByLabelText('Message (optional)')).toHaveAccessibleDescription(
      'Up to 2,000 characters. Must be at most 2000 characters.',
    )
    expect(api.requests.submitted).toEqual([])
  }, 30_000)

  it('keeps everything typed and marks the fields the server refused, with the failure toast', async () => {
    const { section } = await openOffers({
      submitFailure: {
        status: 400,
        body: {
          message: 'Please check the highlighted fields.',
          code: 'invalid_input',
          fields: { closeOfEscrowDate: 'The estimated close of escrow date cannot be in the past.' },
        },
      },
    })
    const { user, form } = await openForm(section)
    const inForm = within(form)
    await user.click(inForm.getByRole('radio', { name: 'Creative' }))
    await user.type(inForm.getByLabelText('Entry fee (USD)'), '20000')
    await user.type(inForm.getByLabelText('Estimated close of escrow'), '2099-07-15')
    await user.type(inForm.getByLabelText('Message (optional)'), 'Subject-to works for me.')
    await user.click(inForm.getByRole('button', { name: 'Send offer' }))

    expect(await screen.findByText('There was an error submitting your offer. Please try again.')).toBeInTheDocument()
    expect(inForm.getByLabelText('Estimated close of escrow')).toHaveAccessibleDescription(
      'A close of escrow in 30 days or less is typical. The estimated close of escrow date cannot be in the past.',
    )
    expect(inForm.getByRole('radio', { name: 'Creative' })).toBeChecked()
    expect(inForm.getByLabelText('Entry fee (USD)')).toHaveValue('20000')
    expect(inForm.getByLabelText('Estimated close of escrow')).toHaveValue('2099-07-15')
    expect(inForm.getByLabelText('Message (optional)')).toHaveValue('Subject-to works for me.')
  }, 30_000)

  it('says "There was an error submitting your offer" when the server fails, and keeps the form', async () => {
    const { section } = await openOffers({ submitFailure: { status: 500, body: { message: 'Something went wrong' } } })
    const { user, form } = await openForm(section)
    const inForm = within(form)
    await user.click(inForm.getByRole('radio', { name: 'Cash' }))
    await user.type(inForm.getByLabelText('Purchase price (USD)'), '150000')
    await user.type(inForm.getByLabelText('Estimated close of escrow'), '2099-06-30')
    await user.click(inForm.getByRole('button', { name: 'Send offer' }))
    expect(await screen.findByText('There was an error submitting your offer. Please try again.')).toBeInTheDocument()
    expect(inForm.getByLabelText('Purchase price (USD)')).toHaveValue('150000')
  }, 30_000)

  it('closes the form with "no new offers" when the listing went pending before the offer arrived', async () => {
    const { section } = await openOffers({
      submitFailure: {
        status: 409,
        body: { message: 'This listing is pending: it takes no new offers.', code: 'no_new_offers' },
      },
    })
    server.use(
      http.get('/api/deals/deal-1', () =>
        HttpResponse.json(buildDeal({ status: 'pending', availability: 'no-new-offers' })),
      ),
    )
    const { user, form } = await openForm(section)
    const inForm = within(form)
    await user.click(inForm.getByRole('radio', { name: 'Cash' }))
    await user.type(inForm.getByLabelText('Purchase price (USD)'), '150000')
    await user.type(inForm.getByLabelText('Estimated close of escrow'), '2099-06-30')
    await user.click(inForm.getByRole('button', { name: 'Send offer' }))
    expect(await screen.findByText('There was an error submitting your offer. Please try again.')).toBeInTheDocument()
    expect(screen.getByText('This listing is pending: it takes no new offers.')).toBeInTheDocument()
    expect(await within(section).findByText('No new offers: this listing is pending.')).toBeInTheDocument()
    expect(within(section).queryByRole('form')).not.toBeInTheDocument()
  }, 30_000)

  it('tells the buyer to reload when the offer was sent but the page could not be refreshed', async () => {
    const { api, section } = await openOffers({ refreshFails: true })
    const { user, form } = await openForm(section)
    const inForm = within(form)
    await user.click(inForm.getByRole('radio', { name: 'Cash' }))
    await user.type(inForm.getByLabelText('Purchase price (USD)'), '150000')
    await user.type(inForm.getByLabelText('Estimated close of escrow'), '2099-06-30')
    await user.click(inForm.getByRole('button', { name: 'Send offer' }))
    expect(await screen.findByText('Your offer was sent, but this page could not be updated.')).toBeInTheDocument()
    expect(screen.getByText('Reload the page to see it.')).toBeInTheDocument()
    expect(api.requests.submitted).toHaveLength(1)
  }, 30_000)

  it('says a new offer replaces the open one, and the open one shows as withdrawn after it', async () => {
    const { api, section } = await openOffers({ offers: [buildMyOffer({ id: 'offer-1', purchasePrice: 240_000 })] })
    const { user, form } = await openForm(section, 'Make a new offer')
    const inForm = within(form)
    expect(
      inForm.getByText(
        'You have an open offer (Cash offer of $240,000). Sending this one replaces it, and the open offer is marked withdrawn.',
      ),
    ).toBeInTheDocument()
    await user.click(inForm.getByRole('radio', { name: 'Creative' }))
    await user.type(inForm.getByLabelText('Entry fee (USD)'), '25000')
    await user.type(inForm.getByLabelText('Estimated close of escrow'), '2099-08-01')
    await user.click(inForm.getByRole('button', { name: 'Replace my offer' }))

    expect(await screen.findByText('Offer sent')).toBeInTheDocument()
    expect(api.requests.submitted).toHaveLength(1)
    const items = within(within(section).getByRole('list')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Creative offer with a \$25,000 entry feeSubmitted/),
      expect.stringMatching(/^Cash offer of \$240,000Withdrawn/),
    ])
  }, 30_000)
})

describe('your offers', () => {
  it('shows each offer with its state, amounts, dates and a decline reason, newest first', async () => {
    const { section } = await openOffers({
      offers: [
        buildMyOffer({ id: 'o4', status: 'released', purchasePrice: 260_000 }),
        buildMyOffer({ id: 'o3', status: 'not_accepted', type: 'creative', purchasePrice: null, entryFee: 30_000 }),
        buildMyOffer({ id: 'o2', status: 'declined', declineReason: 'Too low for me.', purchasePrice: 200_000 }),
        buildMyOffer({ id: 'o1', status: 'withdrawn', purchasePrice: 190_000, createdAt: '2026-11-02T15:00:00.000Z' }),
      ],
    })
    const items = within(await within(section).findByRole('list')).getAllByRole('listitem')
    expect(items).toHaveLength(4)
    expect(items[0]).toHaveTextContent('Cash offer of $260,000Released')
    expect(items[0]).toHaveTextContent('The listing is back on the market: you may make a new offer.')
    expect(items[1]).toHaveTextContent('Creative offer with a $30,000 entry feeNot accepted')
    expect(items[1]).toHaveTextContent('The seller accepted another offer.')
    expect(items[2]).toHaveTextContent('Cash offer of $200,000Declined')
    expect(items[2]).toHaveTextContent("Seller's reasonToo low for me.")
    expect(items[3]).toHaveTextContent('Withdrawn')
    expect(items[3]).toHaveTextContent('Close of escrowJun 30, 2099SentNov 2, 2026')
    expect(within(section).queryByRole('button', { name: 'Withdraw offer' })).not.toBeInTheDocument()
  })

  it('withdraws the open offer after a confirmation, by keyboard', async () => {
    const { api, section } = await openOffers({ offers: [buildMyOffer({ id: 'offer-7' })] })
    const user = userEvent.setup()
    const withdraw = await within(section).findByRole('button', { name: 'Withdraw offer' })
    withdraw.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('dialog', { name: 'Withdraw your offer?' })).toHaveAccessibleDescription(
      'Cash offer of $240,000. The seller will see it as withdrawn. You may make a new offer while the listing takes offers.',
    )
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // Radix gives focus back to the opener once the dialog is gone.
    await waitFor(() => expect(withdraw).toHaveFocus())
    expect(api.requests.withdrawn).toEqual([])

    await user.keyboard('{Enter}')
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your offer?' })
    within(dialog).getByRole('button', { name: 'Yes, withdraw it' }).focus()
    await user.keyboard('{Enter}')

    expect(await screen.findByText('Offer withdrawn')).toBeInTheDocument()
    expect(api.requests.withdrawn).toEqual(['offer-7'])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(within(section).getByRole('listitem')).toHaveTextContent('Withdrawn')
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'Your offers' })).toHaveFocus())
    expect(within(section).getByRole('button', { name: 'Make an offer' })).toBeInTheDocument()
  }, 30_000)

  it('fetches the offers again when the bell brings an "offer accepted" notice', async () => {
    let accepted = false
    dealDetailServer({ deal: buildDeal() })
    offersServer({ offers: [buildMyOffer({ status: 'submitted' })] })
    server.use(
      http.get('/api/offers/mine', () =>
        HttpResponse.json([buildMyOffer({ status: accepted ? 'accepted' : 'submitted' })]),
      ),
    )
    const { queryClient } = renderApp({ path: '/deals/deal-1', user: buyer })
    const section = await screen.findByRole('region', { name: 'Offers' }, LAZY_CHUNK)
    expect(await within(section).findByText('Submitted')).toBeInTheDocument()
    accepted = true
    server.use(
      http.get('/api/chat/notifications', () =>
        HttpResponse.json({
          notifications: [
            {
              notificationId: 'n-1',
              threadId: null,
              type: 'offer_accepted',
              senderName: 'Sam Seller',
              message: 'Sam Seller accepted your cash offer of $240,000 on 12 Oak St.',
              createdAt: new Date().toISOString(),
              readAt: null,
              dealInfo: null,
              dealId: 'deal-1',
            },
          ],
          unreadCount: 1,
        }),
      ),
    )
    await queryClient.refetchQueries({ queryKey: ['chat', 'notifications'] })
    expect(await within(section).findByText('Accepted')).toBeInTheDocument()
    expect(within(section).getByText('The seller accepted your offer.')).toBeInTheDocument()
  }, 30_000)
})

describe('who may offer, and when', () => {
  it('takes no new offers on a pending listing, but still shows the buyer their offers', async () => {
    const { section } = await openOffers(
      { offers: [buildMyOffer({ status: 'accepted' })] },
      buildDeal({ status: 'pending', availability: 'no-new-offers' }),
    )
    expect(within(section).getByText('No new offers: this listing is pending.')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: /Make an? (new )?offer/ })).not.toBeInTheDocument()
    expect(await within(section).findByText('Accepted')).toBeInTheDocument()
  })

  it.each(['sold', 'canceled'] as const)('says a %s listing is no longer available', async (status) => {
    const { section } = await openOffers({}, buildDeal({ status, availability: 'unavailable' }))
    expect(within(section).getByText('This listing is no longer available, so it takes no offers.')).toBeInTheDocument()
    expect(within(section).queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument()
  })

  it('shows no offer form to the seller of the listing, even one who is also a buyer', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: true }) })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['buyer', 'originator'], role: 'buyer' }) })
    expect(await screen.findByRole('link', { name: 'Edit' }, LAZY_CHUNK)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument()
  })

  it('shows no offer form to a seller-only account', async () => {
    dealDetailServer({ deal: buildDeal() })
    renderApp({ path: '/deals/deal-1', user: buildUser({ roles: ['originator'], role: 'originator' }) })
    await screen.findByRole('button', { name: /Favorite/ }, LAZY_CHUNK)
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument()
  })
})

describe('in Spanish', () => {
  it('says the form, its rules and the states in Spanish', async () => {
    await initTestI18n('es')
    dealDetailServer({ deal: buildDeal() })
    offersServer({ offers: [buildMyOffer({ status: 'not_accepted' })] })
    renderApp({ path: '/deals/deal-1', user: buyer })
    const section = await screen.findByRole('region', { name: 'Ofertas' }, LAZY_CHUNK)
    expect(await within(section).findByText('No aceptada')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(within(section).getByRole('button', { name: 'Hacer una oferta' }))
    const form = within(within(section).getByRole('form', { name: 'Hacer una oferta' }))
    await user.click(form.getByRole('button', { name: 'Enviar oferta' }))
    expect(form.getByRole('group', { name: 'Tipo de oferta' })).toHaveAccessibleDescription('Elige un tipo de oferta.')
    // "Cash" is one word everywhere (issue 22): the listing's category, the offer type, the offers table.
    await user.click(form.getByRole('radio', { name: 'De contado' }))
    await user.click(form.getByRole('button', { name: 'Enviar oferta' }))
    expect(form.getByLabelText('Precio de compra (USD)')).toHaveAccessibleDescription(
      'Ingresa el precio de compra para una oferta de contado.',
    )
    expect(form.getByLabelText('Fecha estimada de cierre de escrow')).toHaveAccessibleDescription(
      'Lo habitual es cerrar el escrow en 30 días o menos. Ingresa la fecha estimada de cierre de escrow.',
    )
  }, 30_000)
})
