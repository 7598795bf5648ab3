import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { buildNotification, chatApi } from './chat-fixtures'
import { buildUser } from './factories'
import { profileServer } from './profile-fixtures'
import { server } from './msw'
import { renderApp } from './render'

/* The bell's notices about seller access lead to where they are dealt with. */
describe('seller request notices', () => {
  it('a decision opens the requester’s Roles tab; a new request opens the admins’ list', async () => {
    const user = userEvent.setup()
    const me = buildUser({ roles: ['buyer', 'admin'], role: 'admin' })
    profileServer({ me })
    chatApi({
      notifications: [
        buildNotification({
          notificationId: 'n-1',
          type: 'seller_request_declined',
          message: 'Your seller access request was declined. Reason: Add a website.',
          threadId: null,
          dealId: null,
          dealInfo: null,
        }),
        buildNotification({
          notificationId: 'n-2',
          type: 'seller_request',
          message: 'Bea Buyer asked for seller access (Desert Deals LLC).',
          threadId: null,
          dealId: null,
          dealInfo: null,
        }),
      ],
    })
    server.use(
      http.get('/api/admin/seller-requests', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
    )
    const { router } = renderApp({ path: '/terms', user: me })

    await user.click(await screen.findByRole('button', { name: /^Notifications/ }, { timeout: 15_000 }))
    await user.click(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: /was declined/ }))
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/profile?tab=roles'),
    )

    await user.click(await screen.findByRole('button', { name: /^Notifications/ }))
    await user.click(
      await within(await screen.findByRole('menu')).findByRole('menuitem', { name: /asked for seller access/ }),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/seller-requests'))
  }, 30_000)
})
