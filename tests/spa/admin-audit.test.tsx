import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { adminUser, auditServer, buildAuditEntry } from './admin-fixtures'
import { initTestI18n } from './i18n'
import { renderApp } from './render'

const entries = () => [
  buildAuditEntry({ id: 'a1', reason: 'Spam' }),
  buildAuditEntry({ id: 'a2', action: 'user.roles', before: ['buyer'], after: ['buyer', 'originator'], reason: null }),
  buildAuditEntry({
    id: 'a3',
    action: 'settings.update',
    targetType: 'settings',
    targetId: null,
    targetLabel: 'betaCapacity',
    before: { betaCapacity: 500 },
    after: { betaCapacity: 50 },
    reason: null,
  }),
  // An action another module records, not (yet) translated: listed under its own name.
  buildAuditEntry({
    id: 'a4',
    action: 'waitlist.frobnicate',
    targetType: 'waitlist',
    before: null,
    after: null,
    reason: null,
  }),
]

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)

async function openAudit(list = entries()) {
  const queries = auditServer(list)
  renderApp({ path: '/admin/audit', user: adminUser() })
  await screen.findByRole('table', {}, { timeout: 15_000 })
  return queries
}

// The first test of a file also loads the panel's lazy pages; on a busy machine that alone can take seconds.
describe('admin: audit log', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en')
  })

  it('lists who did what to whom, before and after, and why', async () => {
    await openAudit()
    const [status, roles, settings, other] = rows()
    expect(status).toHaveTextContent('boss@example.com')
    expect(status).toHaveTextContent('Changed account status')
    expect(status).toHaveTextContent('Active → Deactivated')
    expect(status).toHaveTextContent('Spam')
    expect(within(status!).getByRole('link', { name: 'pat@example.com' })).toHaveAttribute(
      'href',
      '/admin/users/00000000-0000-4000-8000-000000000099',
    )
    expect(roles).toHaveTextContent('Changed roles')
    expect(roles).toHaveTextContent('Buyer → Buyer, Seller')
    expect(settings).toHaveTextContent('Changed settings')
    expect(settings).toHaveTextContent('Beta capacity: 500 → Beta capacity: 50')
    expect(other).toHaveTextContent('waitlist.frobnicate')
    expect(screen.queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument()
  })

  it('filters by action and target type', async () => {
    const user = userEvent.setup()
    const queries = await openAudit()
    await user.type(screen.getByRole('combobox', { name: 'Action' }), 'user.roles')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await vi.waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('Changed roles')
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target type' }), 'Settings')
    await user.type(screen.getByRole('textbox', { name: 'Admin e-mail' }), 'boss')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await vi.waitFor(() => expect(rows()).toHaveLength(1))
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({ targetType: 'settings', actorEmail: 'boss' })
  })

  it('speaks Spanish', async () => {
    await initTestI18n('es')
    await openAudit()
    expect(screen.getByRole('heading', { name: 'Registro de auditoría', level: 2 })).toBeInTheDocument()
    expect(rows()[0]).toHaveTextContent('Cambió el estado de la cuenta')
    expect(rows()[0]).toHaveTextContent('Activa → Desactivada')
  })
})
