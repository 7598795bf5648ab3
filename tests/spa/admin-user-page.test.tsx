import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { adminUser, buildUserDetail, userServer } from './admin-fixtures'
import { initTestI18n } from './i18n'
import { renderApp } from './render'

async function openUser(detail = buildUserDetail({ firstName: 'Pat', lastName: 'Lee', email: 'pat@example.com' })) {
  const changes = userServer(detail)
  renderApp({ path: `/admin/users/${detail.id}`, user: adminUser() })
  await screen.findByRole('heading', { name: 'Pat Lee' }, { timeout: 15_000 })
  return changes
}

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

// The first test of a file also loads the panel's lazy pages; on a busy machine that alone can take seconds.
describe('admin: a user page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en')
  })

  it('shows the account: status, invitation used and what they did', async () => {
    await openUser()
    expect(fact('Status')).toBe('Active')
    expect(fact('Invitation used')).toMatch(/^Seller invitation from boss@example.com, sent Oct 30, 2026$/)
    expect([fact('Listings'), fact('Offers made'), fact('Interests')]).toEqual(['3', '2', '5'])
    expect(screen.queryByText('Deactivation reason')).not.toBeInTheDocument()
  })

  it('deactivates with a required reason, then reactivates', async () => {
    const user = userEvent.setup()
    const changes = await openUser()
    await user.click(screen.getByRole('button', { name: 'Deactivate' }))
    const dialog = screen.getByRole('dialog', { name: 'Deactivate pat@example.com?' })
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate account' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason for the deactivation.')
    expect(changes).toEqual([])

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Spam listings ')
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate account' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(changes).toEqual([{ status: 'deactivated', reason: 'Spam listings' }])
    expect(await screen.findByText('Account deactivated.')).toBeInTheDocument()
    await vi.waitFor(() => expect(fact('Deactivation reason')).toBe('Spam listings'))
    await user.click(screen.getByRole('button', { name: 'Reactivate' }))
    await vi.waitFor(() => expect(fact('Status')).toBe('Active'))
    expect(changes.at(-1)).toEqual({ status: 'active' })
    expect(screen.getByRole('status')).toHaveTextContent('Account reactivated.')
  })

  it('changes roles with checkboxes, and asks for at least one', async () => {
    const user = userEvent.setup()
    const changes = await openUser(buildUserDetail({ firstName: 'Pat', lastName: 'Lee', roles: ['buyer'] }))
    const roles = screen.getByRole('group', { name: 'Roles' })
    await user.click(within(roles).getByRole('checkbox', { name: 'Buyer' }))
    await user.click(screen.getByRole('button', { name: 'Save roles' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one role.')
    await user.click(within(roles).getByRole('checkbox', { name: 'Seller' }))
    await user.click(within(roles).getByRole('checkbox', { name: 'Owner' }))
    await user.click(screen.getByRole('button', { name: 'Save roles' }))
    await vi.waitFor(() => expect(changes).toEqual([{ roles: ['originator', 'owner'] }]))
    expect(await screen.findByText('Roles saved.')).toBeInTheDocument()
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    await openUser()
    expect(screen.getByRole('button', { name: 'Desactivar' })).toBeInTheDocument()
    expect(fact('Invitación usada')).toBe('Invitación de Vendedor de boss@example.com, enviada el 30 oct 2026')
    expect(screen.getByRole('group', { name: 'Roles' })).toBeInTheDocument()
  })
})
