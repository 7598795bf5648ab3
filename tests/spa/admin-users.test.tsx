import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { adminUser, buildAdminUser, usersServer } from './admin-fixtures'
import { initTestI18n } from './i18n'
import { renderApp } from './render'

const people = () => [
  buildAdminUser({
    firstName: 'Carla',
    lastName: 'Diaz',
    email: 'carla@example.com',
    createdAt: '2026-11-03T10:00:00.000Z',
  }),
  buildAdminUser({
    firstName: 'Abel',
    lastName: 'Ruiz',
    email: 'abel@example.com',
    roles: ['originator'],
    createdAt: '2026-11-01T10:00:00.000Z',
  }),
  buildAdminUser({
    firstName: 'Bruno',
    lastName: 'Sosa',
    email: 'bruno@example.com',
    status: 'deactivated',
    lastSignInAt: null,
    createdAt: '2026-11-02T10:00:00.000Z',
  }),
]

/** The names in the table, in order. */
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent)

async function openUsers(path = '/admin', users = people()) {
  const queries = usersServer(users)
  renderApp({ path, user: adminUser() })
  await screen.findByRole('table', {}, { timeout: 15_000 })
  return queries
}

// The first test of a file also loads the panel's lazy pages; on a busy machine that alone can take seconds.
describe('admin: users', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en')
  })

  it('lists the users newest first with their roles, status, sign-up and last sign-in', async () => {
    await openUsers()
    expect(names()).toEqual(['Carla Diaz', 'Bruno Sosa', 'Abel Ruiz'])
    const bruno = screen.getByRole('row', { name: /Bruno Sosa/ })
    expect(within(bruno).getByText('Deactivated')).toBeInTheDocument()
    expect(within(bruno).getByText('Never')).toBeInTheDocument()
    expect(within(screen.getByRole('row', { name: /Abel Ruiz/ })).getByText('Seller')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Carla Diaz' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/users\//),
    )
    expect(screen.getByText('3 users')).toBeInTheDocument()
    // The tab names the section, and the Users section stays current on a user's own page.
    expect(document.title).toBe('Users · Admin panel · Keyway')
    const sections = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(within(sections).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
  })

  it('searches by name or e-mail and filters by role and status', async () => {
    const user = userEvent.setup()
    const queries = await openUsers()
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'carla{Enter}')
    await vi.waitFor(() => expect(names()).toEqual(['Carla Diaz']))
    expect(queries.at(-1)!.get('q')).toBe('carla')

    await user.clear(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Seller')
    await vi.waitFor(() => expect(names()).toEqual(['Abel Ruiz']))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'All roles')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Deactivated')
    await vi.waitFor(() => expect(names()).toEqual(['Bruno Sosa']))
    expect(queries.at(-1)!.get('status')).toBe('deactivated')
  })

  it('sorts by a column header, and the other way on a second press', async () => {
    const user = userEvent.setup()
    await openUsers()
    await user.click(screen.getByRole('button', { name: /^Name/ }))
    await vi.waitFor(() => expect(names()).toEqual(['Abel Ruiz', 'Bruno Sosa', 'Carla Diaz']))
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending')
    await user.click(screen.getByRole('button', { name: /^Name/ }))
    await vi.waitFor(() => expect(names()).toEqual(['Carla Diaz', 'Bruno Sosa', 'Abel Ruiz']))
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending')
  })

  it('pages through many users', async () => {
    const user = userEvent.setup()
    const many = Array.from({ length: 25 }, (_, i) =>
      buildAdminUser({
        firstName: 'User',
        lastName: String(i + 1).padStart(2, '0'),
        createdAt: `2026-10-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
      }),
    )
    await openUsers('/admin', many)
    expect(names()).toHaveLength(20)
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Next' }))
    await vi.waitFor(() => expect(names()).toEqual(['User 05', 'User 04', 'User 03', 'User 02', 'User 01']))
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    await openUsers()
    expect(screen.getByRole('heading', { name: 'Usuarios' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' })).toBeInTheDocument()
    expect(within(screen.getByRole('row', { name: /Bruno Sosa/ })).getByText('Desactivada')).toBeInTheDocument()
    expect(screen.getByText('3 usuarios')).toBeInTheDocument()
  })
})
