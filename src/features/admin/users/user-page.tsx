import { useState, type FormEvent, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ROLES, type AdminUserDetail, type Role } from '@/contract'
import { useFormatDate } from '@/i18n/use-format-date'
import { DeactivateDialog } from './deactivate-dialog'
import { StatusBadge } from './status-badge'
import { useAdminUser, useUpdateUser } from './users-api'

/** `/admin/users/:id`: one account, its roles and status to change, and what it did. */
export function UserPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('admin')
  const user = useAdminUser(id)
  return (
    <div className="grid gap-4">
      <Link
        to="/admin"
        className="justify-self-start text-sm font-semibold text-brand-800 underline underline-offset-2"
      >
        {t('user.back')}
      </Link>
      {user.isPending ? (
        <Spinner label={t('user.loading')} />
      ) : user.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {isApiError(user.error) && user.error.status === 404 ? t('user.notFound') : t('user.loadFailed')}
        </p>
      ) : (
        <UserDetails user={user.data} />
      )}
    </div>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

function UserDetails({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation(['admin', 'values'])
  const formatDate = useFormatDate()
  const update = useUpdateUser(user.id)
  const [roles, setRoles] = useState<Role[]>(user.roles)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')

  const change = async (body: Parameters<typeof update.mutateAsync>[0], done: string) => {
    setNotice(null)
    setError(null)
    await update.mutateAsync(body)
    setNotice(done)
  }
  const saveRoles = (event: FormEvent) => {
    event.preventDefault()
    if (roles.length === 0) {
      setError(t('user.roles.required'))
      return
    }
    change({ roles }, t('user.roles.saved')).catch((failure: unknown) =>
      setError(isApiError(failure) ? failure.message : t('user.saveFailed')),
    )
  }
  const toggle = (role: Role, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((held) => held !== role)))

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold wrap-break-word text-slate-900">{name || user.email}</h2>
          <StatusBadge status={user.status} />
        </div>
        <p role="status" className="text-sm font-medium text-emerald-800">
          {notice}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <dl className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={t('user.facts.email')}>{user.email}</Fact>
        <Fact label={t('user.facts.status')}>{t(`users.statuses.${user.status}`)}</Fact>
        {user.status === 'deactivated' && (
          <Fact label={t('user.facts.reason')}>{user.deactivationReason ?? t('user.facts.noReason')}</Fact>
        )}
        <Fact label={t('user.facts.signedUp')}>{formatDate(user.createdAt, 'dateTime')}</Fact>
        <Fact label={t('user.facts.lastSignIn')}>
          {user.lastSignInAt ? formatDate(user.lastSignInAt, 'dateTime') : t('users.never')}
        </Fact>
        <Fact label={t('user.facts.invitation')}>
          {user.invitation
            ? t('user.facts.invitedBy', {
                who: user.invitation.sentBy?.email ?? t('user.facts.requestAccess'),
                date: formatDate(user.invitation.sentAt),
                role: t(`values:roles.${user.invitation.role}`),
              })
            : t('user.facts.noInvitation')}
        </Fact>
        <Fact label={t('user.facts.listings')}>{user.counts.listings}</Fact>
        <Fact label={t('user.facts.offers')}>{user.counts.offers}</Fact>
        <Fact label={t('user.facts.interests')}>{user.counts.interests}</Fact>
      </dl>

      <form onSubmit={saveRoles} className="grid gap-3 rounded-xl border border-slate-200 p-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold text-slate-900">{t('user.roles.title')}</legend>
          <div className="flex flex-wrap gap-4">
            {ROLES.map((role) => (
              <label key={role} className="inline-flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={roles.includes(role)}
                  onChange={(event) => toggle(role, event.target.checked)}
                />
                {t(`values:roles.${role}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" className="justify-self-start" disabled={update.isPending}>
          {t('user.roles.save')}
        </Button>
      </form>

      <section aria-labelledby="user-status-heading" className="grid gap-3 rounded-xl border border-slate-200 p-4">
        <h3 id="user-status-heading" className="font-semibold text-slate-900">
          {t('user.status.title')}
        </h3>
        <p className="text-sm text-slate-700">
          {user.status === 'active' ? t('user.status.activeHelp') : t('user.status.deactivatedHelp')}
        </p>
        <div>
          {user.status === 'active' ? (
            <DeactivateDialog
              email={user.email}
              pending={update.isPending}
              onConfirm={(reason) => change({ status: 'deactivated', reason }, t('user.status.deactivated'))}
            />
          ) : (
            <Button
              variant="secondary"
              disabled={update.isPending}
              onClick={() =>
                void change({ status: 'active' }, t('user.status.reactivated')).catch((failure: unknown) =>
                  setError(isApiError(failure) ? failure.message : t('user.saveFailed')),
                )
              }
            >
              {t('user.status.reactivate')}
            </Button>
          )}
        </div>
      </section>
    </div>
  )
}
