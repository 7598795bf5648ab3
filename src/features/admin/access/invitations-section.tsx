import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { AdminInvitation } from '@/contract'
import { formatDate } from '@/lib/format-date'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { InvitationStatusBadge } from '@/features/invitations'
import { useInvitationAction, useInvitations } from './access-api'
import { ConfirmDialog, Pager } from './confirm-dialog'

/** Every invitation, newest first: status, who sent it, to whom, dates; resend or revoke a pending one. */
export function InvitationsSection() {
  const { t, i18n } = useTranslation('admin')
  const [page, setPage] = useState(1)
  const [revoking, setRevoking] = useState<AdminInvitation | null>(null)
  const list = useInvitations(page)
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: isApiError(error) ? error.message : undefined, variant: 'destructive' })
  const resend = useInvitationAction('resend', { onError: failed(t('access.invitations.resendFailed')) })
  const revoke = useInvitationAction('revoke', { onError: failed(t('access.invitations.revokeFailed')) })
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : '—')
  const who = (invitation: AdminInvitation) => invitation.email ?? t('access.invitations.anyone')

  const doResend = (invitation: AdminInvitation) =>
    resend.mutateAsync(invitation.id).then(
      () => toast({ title: t('access.invitations.resent', { email: invitation.email }), variant: 'success' }),
      () => undefined,
    )
  const doRevoke = (invitation: AdminInvitation) =>
    revoke.mutateAsync(invitation.id).then(
      () => {
        setRevoking(null)
        toast({ title: t('access.invitations.revoked', { email: who(invitation) }), variant: 'success' })
      },
      () => undefined,
    )

  return (
    <section
      aria-labelledby="access-invitations"
      className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="access-invitations" className="text-lg font-semibold text-slate-900">
        {t('access.invitations.title')}
      </h2>
      {list.isPending ? (
        <Spinner label={t('access.loading')} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('access.loadFailed')}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="text-sm text-slate-700">{t('access.invitations.empty')}</p>
      ) : (
        <div
          // A scrollable region must take keyboard focus (WCAG 2.1.1; axe scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="group"
          aria-labelledby="access-invitations"
          className="relative -mx-4 min-w-0 overflow-x-auto px-4 focus-visible:outline-2 focus-visible:outline-brand-600 sm:mx-0 sm:px-0"
        >
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.email')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.role')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.status')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.sentBy')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.sent')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('access.columns.expires')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('access.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((invitation) => (
                <tr key={invitation.id} className="border-b border-slate-100 align-top last:border-0">
                  <td className="py-2 pr-3 whitespace-nowrap">{who(invitation)}</td>
                  <td className="py-2 pr-3">{t(`values:roles.${invitation.role}`)}</td>
                  <td className="py-2 pr-3">
                    <InvitationStatusBadge status={invitation.status} />
                  </td>
                  <td className="py-2 pr-3">
                    {invitation.sentBy
                      ? (invitation.sentBy.name ?? invitation.sentBy.email)
                      : t('access.invitations.requestForm')}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {date(invitation.createdAt)}
                    {invitation.resentAt && (
                      <span className="block text-xs text-slate-600">
                        {t('access.invitations.resentOn', { date: date(invitation.resentAt) })}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {invitation.usedAt
                      ? t('access.invitations.usedOn', { date: date(invitation.usedAt) })
                      : invitation.revokedAt
                        ? t('access.invitations.revokedOn', { date: date(invitation.revokedAt) })
                        : date(invitation.expiresAt)}
                  </td>
                  <td className="py-2">
                    {invitation.status === 'pending' && (
                      <div className="flex justify-end gap-1">
                        {invitation.email && (
                          <Button
                            variant="ghost"
                            size="sm"
                            disabled={resend.isPending}
                            onClick={() => void doResend(invitation)}
                            aria-label={t('access.invitations.resendOne', { email: invitation.email })}
                          >
                            {t('access.invitations.resend')}
                          </Button>
                        )}
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setRevoking(invitation)}
                          aria-label={t('access.invitations.revokeOne', { email: who(invitation) })}
                        >
                          {t('access.invitations.revoke')}
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (
        <Pager
          page={page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
          label={t('access.invitations.pages')}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('access.invitations.revokeTitle')}
        description={t('access.invitations.revokeBody', { email: revoking ? who(revoking) : '' })}
        confirmLabel={t('access.invitations.revoke')}
        isPending={revoke.isPending}
        onConfirm={() => revoking && void doRevoke(revoking)}
      />
    </section>
  )
}
