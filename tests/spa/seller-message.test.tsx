import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { Deal, ReceivedOffer } from '@/contract'
import { buildThread, chatApi } from './chat-fixtures'
import { dealDetailServer, LAZY_CHUNK } from './deal-detail-fixtures'
import { layoutHandlers } from './deal-form-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const seller = buildUser({ roles: ['originator'], role: 'originator' })
const admin = buildUser({ roles: ['admin'], role: 'admin' })

function buildOffer(overrides: Partial<ReceivedOffer> & Pick<ReceivedOffer, 'id' | 'buyer'>): ReceivedOffer {
  return {
    dealId: 'deal-1',
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
    ...overrides,
  }
}

const NEW_THREAD = 'thread-carl'

type Sent = { dealId: string; buyerId: string; body: unknown }

/**
 * The offers page's endpoints and the seller's "message a buyer" one: Ana has a conversation, Carl has
 * none. Writing to Carl starts one (his row then links it) unless `failure` is given; requests are recorded.
 */
function sellerServer({
  deal = buildDeal({ isOwner: true }),
  failure,
}: { deal?: Deal; failure?: { status: number; body: object } } = {}) {
  let offers: ReceivedOffer[] = [
    buildOffer({ id: 'o-ana', buyer: { id: 'b-ana', name: 'Ana Diaz', certified: true }, threadId: 'thread-ana' }),
    buildOffer({ id: 'o-carl', buyer: { id: 'b-carl', name: 'Carl Creative', certified: false } }),
  ]
  const sent: Sent[] = []
  layoutHandlers()
  chatApi({ thread: buildThread({ threadId: NEW_THREAD, buyer: { ...buildThread().buyer, name: 'Carl Creative' } }) })
  server.use(
    http.get('/api/deals/:id', () => HttpResponse.json(deal)),
    http.get('/api/deals/:id/offers', () => HttpResponse.json(offers)),
    http.post('/api/deals/:id/buyers/:buyerId/thread', async ({ params, request }) => {
      sent.push({ dealId: String(params.id), buyerId: String(params.buyerId), body: await request.json() })
      if (failure) return HttpResponse.json(failure.body, { status: failure.status })
      offers = offers.map((offer) => (offer.buyer.id === params.buyerId ? { ...offer, threadId: NEW_THREAD } : offer))
      return HttpResponse.json(buildThread({ threadId: NEW_THREAD }))
    }),
  )
  return { sent }
}

const openOffers = async (user = seller) => {
  const view = renderApp({ path: '/deals/deal-1/offers', user })
  await screen.findByRole('table', {}, LAZY_CHUNK)
  return view
}

describe('the seller writes first', { timeout: 15_000 }, () => {
  it('offers "Message {name}" only on a row without a conversation, and only to the listing’s seller', async () => {
    sellerServer()
    const { unmount } = await openOffers()
    const ana = screen.getByRole('row', { name: /Ana Diaz/ })
    expect(within(ana).getByRole('link', { name: 'Conversation, Ana Diaz' })).toBeInTheDocument()
    expect(within(ana).queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument()
    const carl = screen.getByRole('row', { name: /Carl Creative/ })
    expect(within(carl).getByRole('button', { name: 'Message Carl Creative' })).toBeInTheDocument()
    expect(carl).not.toHaveTextContent('No conversation yet')
    unmount()

    // An admin reads the offers but is no participant: the row says there is no conversation.
    sellerServer({ deal: buildDeal({ isOwner: false }) })
    await openOffers(admin)
    const row = screen.getByRole('row', { name: /Carl Creative/ })
    expect(within(row).queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument()
    expect(row).toHaveTextContent('No conversation yet')
  })

  it('sends from the dialog, opens the conversation, and the row then links it', async () => {
    const { sent } = sellerServer()
    const { router } = await openOffers()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Message Carl Creative' }))
    const dialog = await screen.findByRole('dialog', { name: 'Message Carl Creative' })
    expect(dialog).toHaveTextContent('Write to this buyer about your listing.')
    const box = within(dialog).getByRole('textbox', { name: 'Your message' })
    await user.type(box, '  Thanks for your offer. Proof of funds?  ')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))

    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${NEW_THREAD}`))
    expect(sent).toEqual([
      { dealId: 'deal-1', buyerId: 'b-carl', body: { message: 'Thanks for your offer. Proof of funds?' } },
    ])
    await act(() => router.navigate('/deals/deal-1/offers'))
    const carl = await screen.findByRole('row', { name: /Carl Creative/ }, LAZY_CHUNK)
    expect(await within(carl).findByRole('link', { name: 'Conversation, Carl Creative' })).toHaveAttribute(
      'href',
      `/chat/${NEW_THREAD}`,
    )
    expect(within(carl).queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument()
  })

  it('keeps the text and says once, in the dialog, what the server said when sending fails', async () => {
    const { sent } = sellerServer({
      failure: { status: 409, body: { message: 'Conversation blocked', code: 'thread_blocked' } },
    })
    const { router } = await openOffers()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Message Carl Creative' }))
    const dialog = await screen.findByRole('dialog', { name: 'Message Carl Creative' })
    const box = within(dialog).getByRole('textbox', { name: 'Your message' })
    await user.type(box, 'Are you still interested?')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Conversation blocked')
    expect(box).toHaveValue('Are you still interested?')
    // One message (a screen reader heard a toast and the alert before): the dialog's alert, beside the text.
    expect(screen.getAllByText('Conversation blocked')).toHaveLength(1)
    expect(screen.queryByText('Your message was not sent')).not.toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/deals/deal-1/offers')
  })

  it('refuses empty or too-long text before sending, with the chat’s messages', async () => {
    const { sent } = sellerServer()
    await openOffers()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Message Carl Creative' }))
    const dialog = await screen.findByRole('dialog', { name: 'Message Carl Creative' })
    const box = within(dialog).getByRole('textbox', { name: 'Your message' })
    await user.type(box, '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write a message before sending.')
    await user.clear(box)
    await user.click(box)
    await user.paste('y'.repeat(2001))
    expect(dialog).toHaveTextContent('1 character over the limit')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A message can be at most 2,000 characters.')
    expect(sent).toEqual([])
  })

  it('works from the keyboard: Enter opens, the box has focus, Enter sends, Escape closes', async () => {
    const { sent } = sellerServer()
    const { router } = await openOffers()
    const user = userEvent.setup()
    const button = screen.getByRole('button', { name: 'Message Carl Creative' })
    button.focus()
    await user.keyboard('{Enter}')
    let dialog = await screen.findByRole('dialog', { name: 'Message Carl Creative' })
    expect(within(dialog).getByRole('textbox', { name: 'Your message' })).toHaveFocus()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(button).toHaveFocus()

    await user.keyboard('{Enter}')
    dialog = await screen.findByRole('dialog', { name: 'Message Carl Creative' })
    await user.keyboard('Hello Carl{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${NEW_THREAD}`))
    expect(sent.map((request) => request.body)).toEqual([{ message: 'Hello Carl' }])
  })

  it('is offered on an interested buyer without a conversation, on the listing’s page', async () => {
    dealDetailServer({
      deal: buildDeal({ isOwner: true }),
      interests: [
        {
          id: 'i-lee',
          dealId: 'deal-1',
          buyerId: 'b-lee',
          name: 'Lee Abroad',
          phone: '5125550188',
          email: 'lee@example.com',
          message: 'Interested.',
          createdAt: '2026-11-02T10:00:00.000Z',
        },
      ],
    })
    chatApi({ thread: buildThread({ threadId: NEW_THREAD }) })
    const sent: unknown[] = []
    server.use(
      http.post('/api/deals/:id/buyers/:buyerId/thread', async ({ params, request }) => {
        sent.push({ buyerId: params.buyerId, body: await request.json() })
        return HttpResponse.json(buildThread({ threadId: NEW_THREAD }))
      }),
    )
    const { router } = renderApp({ path: '/deals/deal-1', user: seller })
    const section = await screen.findByRole('region', { name: 'Interested buyers' }, LAZY_CHUNK)
    const user = userEvent.setup()
    await user.click(await within(section).findByRole('button', { name: 'Message Lee Abroad' }))
    const dialog = await screen.findByRole('dialog', { name: 'Message Lee Abroad' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Your message' }), 'When can we talk?{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${NEW_THREAD}`))
    expect(sent).toEqual([{ buyerId: 'b-lee', body: { message: 'When can we talk?' } }])
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    sellerServer({ failure: { status: 409, body: { message: 'Conversación bloqueada', code: 'thread_blocked' } } })
    await openOffers()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Escribir a Carl Creative' }))
    const dialog = await screen.findByRole('dialog', { name: 'Escribir a Carl Creative' })
    expect(dialog).toHaveTextContent('Escríbele a este comprador sobre tu propiedad.')
    await user.type(within(dialog).getByRole('textbox', { name: 'Tu mensaje' }), 'Hola')
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Conversación bloqueada')
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
  })
})
