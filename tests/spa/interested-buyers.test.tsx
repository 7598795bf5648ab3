import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { ReceivedInterest } from '@/contract'
import { dealDetailServer, LAZY_CHUNK } from './deal-detail-fixtures'
import { buildDeal, buildUser } from './factories'
import { initTestI18n } from './i18n'
import { server } from './msw'
import { renderApp } from './render'

const seller = buildUser({ roles: ['originator'], role: 'originator' })

const interest = (overrides: Partial<ReceivedInterest> & Pick<ReceivedInterest, 'id' | 'name'>): ReceivedInterest => ({
  dealId: 'deal-1',
  buyerId: `buyer-${overrides.id}`,
  phone: '5125550188',
  email: `${overrides.id}@example.com`,
  message: 'Interested.',
  createdAt: '2026-11-02T10:00:00.000Z',
  certified: false,
  threadId: null,
  ...overrides,
})

const INTERESTS = [
  interest({ id: 'ana', name: 'Ana Diaz', certified: true, threadId: 'thread-ana', message: 'Cash buyer.' }),
  interest({ id: 'lee', name: 'Lee Abroad', phone: '+44 20 7946 0958' }),
  interest({ id: 'odd', name: 'Odd Number', phone: '555-0199' }),
]

const openTable = async (title = 'Interested buyers') => {
  renderApp({ path: '/deals/deal-1', user: seller })
  const section = await screen.findByRole('region', { name: title }, LAZY_CHUNK)
  return within(section).findByRole('table')
}

describe('interested buyers table', { timeout: 15_000 }, () => {
  it('shows name, badge, phone as (xxx) xxx-xxxx, message, date and the conversation', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: true }), interests: INTERESTS })
    const table = await openTable()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Phone', 'Message', 'Date', 'Conversation'])
    const ana = within(table).getByRole('row', { name: /Ana Diaz/ })
    expect(within(ana).getByText('Certified')).toBeInTheDocument()
    expect(within(ana).getByRole('link', { name: '(512) 555-0188' })).toHaveAttribute('href', 'tel:+15125550188')
    expect(ana).toHaveTextContent('Cash buyer.')
    expect(within(ana).getByRole('link', { name: 'Open the conversation with Ana Diaz' })).toHaveAttribute(
      'href',
      '/chat/thread-ana',
    )
    expect(
      within(ana)
        .getByText(/ago|Nov/)
        .closest('time'),
    ).toHaveAttribute('dateTime', '2026-11-02T10:00:00.000Z')

    // Numbers that are not 10 US digits are shown exactly as given.
    const lee = within(table).getByRole('row', { name: /Lee Abroad/ })
    expect(within(lee).queryByText('Certified')).not.toBeInTheDocument()
    expect(within(lee).getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958')
    expect(within(lee).getByRole('button', { name: 'Message Lee Abroad' })).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: '555-0199' })).toBeInTheDocument()
  })

  it('says "Failed to load interested users" and loads again on retry', async () => {
    let fail = true
    dealDetailServer({ deal: buildDeal({ isOwner: true }) })
    server.use(
      http.get('/api/deals/:id/interests', () =>
        fail ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json(INTERESTS),
      ),
    )
    const user = userEvent.setup()
    renderApp({ path: '/deals/deal-1', user: seller })
    const section = await screen.findByRole('region', { name: 'Interested buyers' }, LAZY_CHUNK)
    const alert = await within(section).findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load interested users')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await within(section).findByRole('row', { name: /Ana Diaz/ })).toBeInTheDocument()
  })

  it('links the seller to the listing’s offers from the deal page', async () => {
    dealDetailServer({ deal: buildDeal({ isOwner: true }) })
    renderApp({ path: '/deals/deal-1', user: seller })
    expect(await screen.findByRole('link', { name: 'View offers' }, LAZY_CHUNK)).toHaveAttribute(
      'href',
      '/deals/deal-1/offers',
    )
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    dealDetailServer({ deal: buildDeal({ isOwner: true }), interests: INTERESTS })
    const table = await openTable('Compradores interesados')
    expect(within(table).getByRole('columnheader', { name: 'Teléfono' })).toBeInTheDocument()
    expect(within(table).getByText('Certificado')).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Abrir la conversación con Ana Diaz' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver ofertas' })).toBeInTheDocument()
  })
})
