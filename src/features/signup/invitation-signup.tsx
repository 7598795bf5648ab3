import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { InvitationValidation } from '@/contract'
import { ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useInvitationValidation } from '@/features/invitations'
import { InvitationSignupForm } from './invitation-signup-form'

export type InvitationProblemKind = 'notFound' | 'used' | 'expired' | 'failed'

/** Why an invitation cannot be used: unknown to the server, used, expired, or the check itself failed. */
export function invitationProblem(
  data: InvitationValidation | undefined,
  error: unknown,
): InvitationProblemKind | null {
  if (error) return isApiError(error) && (error.status === 404 || error.status === 410) ? 'notFound' : 'failed'
  if (!data) return null
  if (data.status === 'used') return 'used'
  if (data.status === 'expired' || Date.parse(data.expiresAt) <= Date.now()) return 'expired'
  return data.valid ? null : 'notFound'
}

function InvitationProblem({ kind }: { kind: InvitationProblemKind }) {
  const { t } = useTranslation('signup')
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The spinner was replaced: move focus so keyboard and screen-reader users land on the news.
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <div className="grid gap-4">
      <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
          {t(`invitation.${kind}.title`)}
        </h2>
        <p className="text-sm">{t(`invitation.${kind}.body`)}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/requestAccess">{t('invitation.requestAccess')}</ButtonLink>
        {kind === 'used' && (
          <ButtonLink to="/auth" variant="secondary">
            {t('invitation.signIn')}
          </ButtonLink>
        )}
      </div>
    </div>
  )
}

/** Checks the invitation, then shows the sign-up form with its role fixed, or why it cannot be used. */
export function InvitationSignup({ token }: { token: string }) {
  const { t } = useTranslation('signup')
  const validation = useInvitationValidation(token)

  if (validation.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label={t('invitation.checking')} />
      </div>
    )
  }
  const problem = invitationProblem(validation.data, validation.error)
  if (problem || !validation.data) return <InvitationProblem kind={problem ?? 'failed'} />
  return <InvitationSignupForm token={token} invitation={validation.data} />
}
