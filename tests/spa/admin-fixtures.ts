import { http, HttpResponse } from 'msw'
import type { AdminUser, AdminUserDetail, AuditEntry } from '@/contract'
import { layoutHandlers } from './deal-form-fixtures'
import { buildUser } from './factories'
import { server } from './msw'

export const adminUser = () =>
  buildUser({ role: 'admin', roles: ['admin'], firstName: 'Ada', email: 'ada@example.com' })

let sequence = 0
export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  sequence += 1
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    email: `person${sequence}@example.com`,
    firstName: 'Person',
    lastName: String(sequence),
    roles: ['buyer'],
    status: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSignInAt: '2026-11-20T15:30:00.000Z',
    ...overrides,
  }
}

export function buildUserDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...buildAdminUser(),
    deactivationReason: null,
    invitation: {
      id: 'inv-1',
      role: 'originator',
      sentAt: '2026-10-30T09:00:00.000Z',
      sentBy: { id: 'admin-1', email: 'boss@example.com' },
    },
    counts: { listings: 3, offers: 2, interests: 5 },
    ...overrides,
  }
}

const fullName = (u: AdminUser) => `${u.firstName ?? ''} ${u.lastName ?? ''}`.toLowerCase()

/** `GET /api/admin/users` over a list, searched, filtered, sorted and paged as the server would. */
export function usersServer(users: AdminUser[]) {
  const queries: URLSearchParams[] = []
  layoutHandlers()
  server.use(
    http.get('/api/admin/users', ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const q = params.get('q')?.toLowerCase()
      const role = params.get('role')
      const status = params.get('status')
      const sort = params.get('sort') ?? 'createdAt'
      const dir = params.get('dir') === 'asc' ? 1 : -1
      const page = Number(params.get('page') ?? 1)
      const pageSize = Number(params.get('pageSize') ?? 20)
      const key = (u: AdminUser) => (sort === 'name' ? fullName(u) : String(u[sort as keyof AdminUser] ?? ''))
      const matching = users
        .filter((u) => !q || u.email.includes(q) || fullName(u).includes(q))
        .filter(
          (u) => (!role || u.roles.includes(role as AdminUser['roles'][number])) && (!status || u.status === status),
        )
        .sort((a, b) => key(a).localeCompare(key(b)) * dir)
      return HttpResponse.json({
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      })
    }),
  )
  return queries
}

/** One user's page, whose PATCHes change what the next GET answers; the bodies sent are recorded. */
export function userServer(initial: AdminUserDetail) {
  let current = initial
  const changes: Record<string, unknown>[] = []
  layoutHandlers()
  server.use(
    http.get('/api/admin/users/:id', () => HttpResponse.json(current)),
    http.patch('/api/admin/users/:id', async ({ request }) => {
      const body = (await request.json()) as {
        roles?: AdminUser['roles']
        status?: AdminUser['status']
        reason?: string
      }
      changes.push(body)
      current = {
        ...current,
        ...(body.roles && { roles: body.roles }),
        ...(body.status && {
          status: body.status,
          deactivationReason: body.status === 'deactivated' ? (body.reason ?? null) : null,
        }),
      }
      return HttpResponse.json(current)
    }),
  )
  return changes
}

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `audit-${(sequence += 1)}`,
    createdAt: '2026-11-25T14:00:00.000Z',
    actorId: 'admin-1',
    actorEmail: 'boss@example.com',
    action: 'user.status',
    targetType: 'user',
    targetId: '00000000-0000-4000-8000-000000000099',
    targetLabel: 'pat@example.com',
    before: 'active',
    after: 'deactivated',
    reason: 'Spam',
    ...overrides,
  }
}

/** `GET /api/admin/audit` over a list (already newest first), filtered by action and target type, paged. */
export function auditServer(entries: AuditEntry[]) {
  const queries: URLSearchParams[] = []
  layoutHandlers()
  server.use(
    http.get('/api/admin/audit', ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const page = Number(params.get('page') ?? 1)
      const pageSize = Number(params.get('pageSize') ?? 25)
      const matching = entries.filter(
        (e) =>
          (!params.get('action') || e.action === params.get('action')) &&
          (!params.get('targetType') || e.targetType === params.get('targetType')),
      )
      return HttpResponse.json({
        items: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
      })
    }),
  )
  return queries
}
