import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { AdminUsersQuerySchema, ROLES, type ADMIN_USER_SORTS, type AdminUser } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { Pager } from '../pager'
import { StatusBadge } from './status-badge'
import { useAdminUsers, type UsersQuery } from './users-api'

const PAGE_SIZE = 20
const STATUSES = ['active', 'deactivated'] as const
type Sort = (typeof ADMIN_USER_SORTS)[number]
/** The orders a phone offers in a list (the table's sortable headers are hidden there). */
const SORT_OPTIONS = [
  'createdAt:desc',
  'createdAt:asc',
  'name:asc',
  'name:desc',
  'email:asc',
  'lastSignInAt:desc',
] as const
const fieldClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900'

/** The search, filters, sort and page live in the URL; a hand-edited value that is not an option is ignored. */
function readQuery(params: URLSearchParams) {
  const query: Record<string, unknown> = { pageSize: PAGE_SIZE }
  for (const key of ['q', 'role', 'status', 'sort', 'dir', 'page'] as const) {
    const parsed = AdminUsersQuerySchema.shape[key].safeParse(params.get(key) ?? undefined)
    if (parsed.success && parsed.data) query[key] = parsed.data
  }
  return AdminUsersQuerySchema.parse(query) satisfies UsersQuery
}

const nameOf = (user: Pick<AdminUser, 'firstName' | 'lastName'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ')

/** `/admin`: every account, searched, filtered, sorted and paged; each opens its own page. */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'values'])
  const formatDate = useFormatDate()
  const [params, setParams] = useSearchParams()
  const query = readQuery(params)
  const users = useAdminUsers(query)
  const [search, setSearch] = useState(query.q ?? '')

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    // Another search, filter or order is another list: start from its first page.
    next.delete('page')
    setParams(next, { replace: true })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    update({ q: search.trim() || undefined })
  }
  const sortBy = (column: Sort) => {
    const dir =
      query.sort === column
        ? query.dir === 'asc'
          ? 'desc'
          : 'asc'
        : column === 'name' || column === 'email'
          ? 'asc'
          : 'desc'
    update({ sort: column, dir })
  }
  const ariaSort = (column: Sort) =>
    query.sort === column ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined

  const sortHeader = (column: Sort) => (
    <th scope="col" aria-sort={ariaSort(column)} className="px-3 py-2">
      <button
        type="button"
        onClick={() => sortBy(column)}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t(`users.columns.${column}`)}
        <span aria-hidden="true">{query.sort === column ? (query.dir === 'asc' ? '↑' : '↓') : '↕'}</span>
      </button>
    </th>
  )

  return (
    <section aria-labelledby="admin-users-heading" className="grid gap-4">
      <h2 id="admin-users-heading" className="text-xl font-semibold text-slate-900">
        {t('users.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm font-medium text-slate-900">
            {t('users.search.label')}
            <input
              type="search"
              className={`${fieldClass} w-64 max-w-full`}
              value={search}
              placeholder={t('users.search.placeholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <Button type="submit" variant="secondary">
            {t('users.search.submit')}
          </Button>
        </form>
        <label className="grid gap-1 text-sm font-medium text-slate-900">
          {t('users.filters.role')}
          <select className={fieldClass} value={query.role ?? ''} onChange={(e) => update({ role: e.target.value })}>
            <option value="">{t('users.filters.allRoles')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`values:roles.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-900">
          {t('users.filters.status')}
          <select
            className={fieldClass}
            value={query.status ?? ''}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">{t('users.filters.allStatuses')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`users.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-900 md:hidden">
          {t('users.filters.sort')}
          <select
            className={fieldClass}
            value={`${query.sort}:${query.dir}`}
            onChange={(e) => {
              const [sort, dir] = e.target.value.split(':')
              update({ sort, dir })
            }}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`users.sortOptions.${option.replace(':', '_')}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {users.isPending ? (
        <Spinner label={t('users.loading')} />
      ) : users.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-sm text-red-800">{t('users.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void users.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : users.data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          {t('users.empty')}
        </p>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {t('users.count', { count: users.data.total })}
          </p>
          {/*
            A table on a wide screen; on a phone each row is a card whose values carry their own labels, and the
            list is sorted with the select above: the headers' sort buttons would take focus unseen.
          */}
          <table className="w-full text-sm max-md:block">
            <caption className="sr-only">{t('users.caption')}</caption>
            <thead className="text-left text-xs tracking-wide text-slate-600 uppercase max-md:hidden">
              <tr>
                {sortHeader('name')}
                {sortHeader('email')}
                <th scope="col" className="px-3 py-2">
                  {t('users.columns.roles')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('users.columns.status')}
                </th>
                {sortHeader('createdAt')}
                {sortHeader('lastSignInAt')}
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {users.data.items.map((user) => (
                <tr
                  key={user.id}
                  className="border-t border-slate-200 max-md:grid max-md:gap-1 max-md:rounded-xl max-md:border max-md:p-4"
                >
                  <td className="px-3 py-2 font-medium max-md:p-0">
                    <Link
                      to={`/admin/users/${user.id}`}
                      className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
                    >
                      {nameOf(user) || t('users.noName')}
                    </Link>
                  </td>
                  <td className="px-3 py-2 wrap-break-word text-slate-800 max-md:p-0">{user.email}</td>
                  <td className="px-3 py-2 text-slate-800 max-md:p-0">
                    <span className="md:sr-only">{t('users.columns.roles')}: </span>
                    {user.roles.map((role) => t(`values:roles.${role}`)).join(', ')}
                  </td>
                  <td className="px-3 py-2 max-md:p-0">
                    <StatusBadge status={user.status} />
                  </td>
                  <td className="px-3 py-2 text-slate-800 max-md:p-0">
                    <span className="md:sr-only">{t('users.columns.createdAt')}: </span>
                    {formatDate(user.createdAt)}
                  </td>
                  <td className="px-3 py-2 text-slate-800 max-md:p-0">
                    <span className="md:sr-only">{t('users.columns.lastSignInAt')}: </span>
                    {user.lastSignInAt ? formatDate(user.lastSignInAt, 'dateTime') : t('users.never')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={users.data.page} total={users.data.total} pageSize={users.data.pageSize} />
        </>
      )}
    </section>
  )
}
