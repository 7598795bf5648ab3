import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { InvitationChecking, InvitationProblem, useInvitationState } from './invitation-signup'
import { InvitationSignupForm } from './invitation-signup-form'
import { SignupChoice } from './signup-choice'

/** `/signup`: with `?invitation=<token>` the invitation sign-up, else the choice of side and a paste box. */
export function SignupPage() {
  const { t } = useTranslation('signup')
  const [params] = useSearchParams()
  const token = params.get('invitation')?.trim()
  usePageTitle(token ? undefined : t('choice.title'))

  if (!token) return <SignupChoice />
  return <InvitationPage key={token} token={token} />
}

/**
 * The invitation link's page: "Create your account" and the form only for a usable invitation; an unusable
 * one is said alone (its own heading and title), with what to do next.
 */
function InvitationPage({ token }: { token: string }) {
  const { t } = useTranslation('signup')
  const invitation = useInvitationState(token)
  usePageTitle(
    invitation.state === 'problem'
      ? t(`invitation.${invitation.kind}.title`)
      : invitation.state === 'ready'
        ? t('form.title')
        : t('invitation.checking'),
  )
  return (
    <FormCard width="lg">
      {invitation.state === 'checking' && <InvitationChecking />}
      {invitation.state === 'problem' && (
        <InvitationProblem kind={invitation.kind} retry={invitation.retry} level={1} />
      )}
      {invitation.state === 'ready' && (
        <>
          <FormCardHeader title={t('form.title')}>
            <p>{t('form.intro')}</p>
          </FormCardHeader>
          <InvitationSignupForm token={token} invitation={invitation.invitation} />
        </>
      )}
    </FormCard>
  )
}
