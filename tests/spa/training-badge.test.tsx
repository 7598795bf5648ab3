import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { BUYER_ID, buildMessage, buildThread, chatApi, SELLER_ID } from './chat-fixtures'
import { buildUser } from './factories'
import { server } from './msw'
import { renderApp } from './render'

const seller = () =>
  buildUser({ userId: SELLER_ID, firstName: 'Sam', lastName: 'Seller', role: 'originator', roles: ['originator'] })
const buyer = () => buildUser({ userId: BUYER_ID, firstName: 'Bea', role: 'buyer', roles: ['buyer'] })

beforeEach(() =>
  server.use(
    http.get('/api/config/feature-flags', () =>
      HttpResponse.json({ enableWebinarBanner: false, webinarRegistrationUrl: null }),
    ),
  ),
)

const certifiedBuyerThread = (viewerRole: 'seller' | 'buyer') =>
  buildThread({
    viewerRole,
    buyer: { id: BUYER_ID, name: 'Bea Buyer', certified: true, profilePictureUrl: null },
  })

describe('the Certified Buyer badge', () => {
  it("shows in a conversation's header as the seller sees it", async () => {
    chatApi({ thread: certifiedBuyerThread('seller'), messages: [buildMessage(1)] })
    renderApp({ path: '/chat/thread-1', user: seller() })
    const heading = await screen.findByRole('heading', { level: 1, name: 'Bea Buyer' })
    expect(heading.parentElement).toHaveTextContent('Certified Buyer')
    await screen.findByRole('list', { name: 'Messages' })
  })

  it("shows on the buyer's own profile page", async () => {
    renderApp({ path: '/profile', user: { ...buyer(), certifiedBuyer: true } })
    const heading = await screen.findByRole('heading', { level: 1, name: 'Profile' })
    expect(heading.parentElement).toHaveTextContent('Certified Buyer')
    expect(screen.queryByRole('link', { name: /Take the buyer training/ })).not.toBeInTheDocument()
  })

  it('is offered through the training on the profile of a buyer without it', async () => {
    renderApp({ path: '/profile', user: buyer() })
    expect(await screen.findByRole('link', { name: /Take the buyer training/ })).toHaveAttribute('href', '/training')
  })
})
