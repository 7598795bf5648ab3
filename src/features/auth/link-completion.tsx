import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { authErrorKey, useAuth, type AuthError } from '@/auth'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { FormAlert } from '@/components/ui/form-alert'
import { signInErrorMessage, type SignInFlow } from './use-sign-in-flow'

/** `/auth?signin=<code>&email=<email>`: completes the e-mailed sign-in link (CUSTOM_AUTH) on arrival. */
export function LinkCompletion({
  email,
  code,
  flow,
  onNewLink,
  onUsePassword,
}: {
  email: string
  code: string
  flow: SignInFlow
  onNewLink: () => void
  onUsePassword: () => void
}) {
  const { t } = useTranslation('auth')
  const { signInWithLink } = useAuth()
  const [error, setError] = useState<AuthError | null>(null)
  // A one-time code: never send it twice (React runs effects twice in development).
  const sent = useRef(false)
  const { handle } = flow

  useEffect(() => {
    if (sent.current) return
    sent.current = true
    void signInWithLink(email, code).then((result) => setError(handle(result)))
  }, [email, code, signInWithLink, handle])

  if (!error) return <Spinner label={t('link.completing')} className="justify-self-center py-6" />

  // A used or expired one-time code: the IdP says ExpiredCodeException, CodeMismatchException or (as Cognito's
  // custom-auth triggers do) NotAuthorizedException, but for "User is disabled." (a deactivated account).
  const isLinkProblem =
    ['ExpiredCodeException', 'CodeMismatchException', 'NotAuthorizedException'].includes(error.code) &&
    authErrorKey(error) !== 'accountDeactivated'
  return (
    <div className="grid gap-4">
      <FormAlert>
        {isLinkProblem ? (
          <>
            <p className="font-semibold">{t('link.failedTitle')}</p>
            <p>{t('link.failedBody')}</p>
          </>
        ) : (
          <p>{signInErrorMessage(t, error)}</p>
        )}
      </FormAlert>
      <Button size="lg" onClick={onNewLink}>
        {t('link.newLink')}
      </Button>
      <Button size="lg" variant="secondary" onClick={onUsePassword}>
        {t('link.usePassword')}
      </Button>
    </div>
  )
}
