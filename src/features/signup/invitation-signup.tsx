import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import type { InvitationValidation } from '@/contract'
import { Button, ButtonLink, type ButtonVariant } from '@/components/ui/button'
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
  // A revoked invitation reads as an expired one: either way the person needs a new one.
  if (data.status === 'expired' || data.status === 'revoked' || Date.parse(data.expiresAt) <= Date.now()) return 'expired'
  return data.valid ? null : 'notFound'
}

/** Where an invitation link stands: being checked, unusable (and why), or ready for the sign-up form. */
export type InvitationState =
  | { state: 'checking' }
  | { state: 'problem'; kind: InvitationProblemKind; retry: () => void }
  | { state: 'ready'; invitation: InvitationValidation }

export function useInvitationState(token: string): InvitationState {
  const validation = useInvitationValidation(token)
  // A check asked again after a failure shows the spinner, not the old failure.
  if (validation.isPending || (validation.isError && validation.isFetching)) return { state: 'checking' }
  const problem = invitationProblem(validation.data, validation.error)
  if (problem || !validation.data) {
    return { state: 'problem', kind: problem ?? 'failed', retry: () => void validation.refetch() }
  }
  return { state: 'ready', invitation: validation.data }
}

export function InvitationChecking() {
  const { t } = useTranslation('signup')
  return (
    <div className="flex justify-center py-8">
      <Spinner label={t('invitation.checking')} />
    </div>
  )
}

/**
 * Why the invitation cannot be used and what to do next: sign in (first for a used link, whose account may
 * exist), check again (first when the check itself failed), or request an invitation. `level` 1 when the
 * problem is the whole page.
 */
export function InvitationProblem({
  kind,
  retry,
  level = 2,
}: {
  kind: InvitationProblemKind
  retry: () => void
  level?: 1 | 2
}) {
  const { t } = useTranslation('signup')
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The spinner was replaced: move focus so keyboard and screen-reader users land on the news.
  useEffect(() => headingRef.current?.focus(), [])
  const Heading = level === 1 ? 'h1' : 'h2'
  const steps = {
    retry: (variant: ButtonVariant) => (
      <Button key="retry" variant={variant} onClick={retry}>
        {t('invitation.retry')}
      </Button>
    ),
    signIn: (variant: ButtonVariant) => (
      <ButtonLink key="signIn" to="/auth" variant={variant}>
        {t('invitation.signIn')}
      </ButtonLink>
    ),
    requestAccess: (variant: ButtonVariant) => (
      <ButtonLink key="requestAccess" to="/requestAccess" variant={variant}>
        {t('invitation.requestAccess')}
      </ButtonLink>
    ),
  }
  const order: (keyof typeof steps)[] =
    kind === 'used'
      ? ['signIn', 'requestAccess']
      : kind === 'failed'
        ? ['retry', 'requestAccess', 'signIn']
        : ['requestAccess', 'signIn']
  return (
    <div className="grid gap-4">
      <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <Heading
          ref={headingRef}
          tabIndex={-1}
          className={`${level === 1 ? 'text-xl font-bold' : 'font-semibold'} focus:outline-none`}
        >
          {t(`invitation.${kind}.title`)}
        </Heading>
        <p className="text-sm">{t(`invitation.${kind}.body`)}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        {order.map((step, index) => steps[step](index === 0 ? 'primary' : 'secondary'))}
      </div>
    </div>
  )
}

/** Checks the invitation, then shows the sign-up form with its role fixed, or why it cannot be used. */
export function InvitationSignup({ token }: { token: string }) {
  const invitation = useInvitationState(token)
  if (invitation.state === 'checking') return <InvitationChecking />
  if (invitation.state === 'problem') return <InvitationProblem kind={invitation.kind} retry={invitation.retry} />
  return <InvitationSignupForm token={token} invitation={invitation.invitation} />
}
