import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Invitation } from '@/contract'
import { Button } from '@/components/ui/button'
import { inputClass } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useMyInvitations } from './api'
import { InvitationStatusBadge } from './status-badge'
import { useFormatDate } from '@/i18n/use-format-date'

async function copyToClipboard(text: string) {
  // Older browsers and insecure origins have no clipboard API: that is a copy failure, not a crash.
  if (!navigator.clipboard) throw new Error('Clipboard unavailable')
  await navigator.clipboard.writeText(text)
}

function InvitationItem({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('signup')
  const formatDate = useFormatDate()
  const linkId = `invitation-link-${invitation.id}`
  const role = t(`roles.${invitation.role}`)

  const copy = async () => {
    try {
      await copyToClipboard(invitation.link)
      toast({ title: t('invitations.copied'), description: t('invitations.copiedBody'), variant: 'success' })
    } catch {
      toast({
        title: t('invitations.copyFailed'),
        description: t('invitations.copyFailedBody'),
        variant: 'destructive',
      })
    }
  }

  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{role}</span>
        <InvitationStatusBadge status={invitation.status} />
        {invitation.email && (
          <span className="text-sm break-all text-slate-600">
            {t('invitations.list.for', { email: invitation.email })}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={linkId}
          readOnly
          value={invitation.link}
          aria-label={t('invitations.list.linkLabel', { role })}
          onFocus={(event) => event.currentTarget.select()}
          className={inputClass('md', 'font-mono text-xs')}
        />
        {invitation.status === 'pending' && (
          <Button variant="secondary" onClick={() => void copy()} aria-describedby={linkId} className="shrink-0">
            {t('invitations.copy')}
          </Button>
        )}
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600">
        <div className="flex gap-1">
          <dt>{t('invitations.list.created')}</dt>
          <dd>
            <time dateTime={invitation.createdAt}>{formatDate(invitation.createdAt)}</time>
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('invitations.list.expires')}</dt>
          <dd>
            <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
          </dd>
        </div>
      </dl>
    </li>
  )
}

/** The user's invitations, newest first, with a copy button on the ones still usable. */
export function InvitationList() {
  const { t } = useTranslation('signup')
  const invitations = useMyInvitations()

  let body: ReactNode
  if (invitations.isPending) {
    body = <Spinner label={t('invitations.list.loading')} />
  } else if (invitations.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4">
        <p className="text-sm text-red-900">{t('invitations.list.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void invitations.refetch()}>
          {t('invitations.list.retry')}
        </Button>
      </div>
    )
  } else if (invitations.data.length === 0) {
    body = <p className="text-sm text-slate-600">{t('invitations.list.empty')}</p>
  } else {
    const newestFirst = [...invitations.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    body = (
      <ul className="grid gap-3">
        {newestFirst.map((invitation) => (
          <InvitationItem key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    )
  }

  return (
    <section aria-labelledby="my-invitations-heading" className="grid gap-3">
      <h3 id="my-invitations-heading" className="text-base font-semibold text-slate-900">
        {t('invitations.list.title')}
      </h3>
      {body}
    </section>
  )
}
