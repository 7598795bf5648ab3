import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { authErrorMessage, confirmForgotPassword, isAuthError, useAuth } from '@/auth'
import { emailField } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { FormAlert, FormNotice } from '@/components/ui/form-alert'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { requestReset } from './forgot-password'
import { NewPasswordFields } from './new-password-fields'
import { codeField, type NewPasswordSchema } from './schemas'
import { useNewPasswordForm } from './use-new-password-form'
import { useSignInFlow } from './use-sign-in-flow'

type LinkProblem = 'missing' | 'invalid' | 'expired'

/** `/reset-password?email=<email>&code=<code>`: the link from the ForgotPassword e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const email = emailField.safeParse(params.get('email') ?? '')
  const code = codeField.safeParse(params.get('code') ?? '')
  const [problem, setProblem] = useState<LinkProblem | null>(() =>
    !params.get('email') || !params.get('code') ? 'missing' : !email.success || !code.success ? 'invalid' : null,
  )
  usePageTitle(problem ? t(`reset.${problem}Title`) : t('reset.title'))

  return (
    <FormCard>
      {problem || !email.success || !code.success ? (
        <BrokenLink problem={problem ?? 'invalid'} email={email.data ?? null} />
      ) : (
        <>
          <FormCardHeader title={t('reset.title')}>
            <p>{t('reset.intro', { email: email.data })}</p>
          </FormCardHeader>
          <ResetForm email={email.data} code={code.data} onLinkProblem={setProblem} />
        </>
      )}
    </FormCard>
  )
}

function ResetForm({
  email,
  code,
  onLinkProblem,
}: {
  email: string
  code: string
  onLinkProblem: (problem: LinkProblem) => void
}) {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const { signIn } = useAuth()
  const flow = useSignInFlow()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    form: {
      register,
      handleSubmit,
      formState: { errors, isSubmitting },
    },
    password,
  } = useNewPasswordForm()

  const onSubmit = async ({ password: newPassword }: z.output<typeof NewPasswordSchema>) => {
    setFailure(null)
    try {
      await confirmForgotPassword(email, code, newPassword)
    } catch (error) {
      const name = isAuthError(error) ? error.code : ''
      if (name === 'ExpiredCodeException') return onLinkProblem('expired')
      if (name === 'CodeMismatchException') return onLinkProblem('invalid')
      if (name === 'InvalidPasswordException') return setFailure(authErrorMessage(t, error))
      toast({ title: t('reset.failedTitle'), description: t('reset.failedBody'), variant: 'destructive' })
      return setFailure(t('reset.failedBody'))
    }
    const result = await signIn(email, newPassword)
    // Reset done; if signing in needs a step of its own, /auth takes over with the e-mail filled in.
    if (flow.handle(result) || result.type !== 'signedIn') {
      void navigate(`/auth?email=${encodeURIComponent(email)}`, { replace: true, state: { notice: 'passwordReset' } })
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormAlert>{failure}</FormAlert>
      <NewPasswordFields register={register} errors={errors} password={password} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </form>
  )
}

/** Missing, invalid or expired link: say which, and offer a new one. */
function BrokenLink({ problem, email }: { problem: LinkProblem; email: string | null }) {
  const { t } = useTranslation('auth')
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [failure, setFailure] = useState<string | null>(null)

  const sendNew = async () => {
    if (!email) return
    setFailure(null)
    setState('sending')
    const error = await requestReset(email)
    setState(error ? 'idle' : 'sent')
    if (error) setFailure(authErrorMessage(t, error))
  }

  return (
    <>
      <FormCardHeader title={t(`reset.${problem}Title`)}>
        <p>{t(`reset.${problem}Body`)}</p>
      </FormCardHeader>
      <FormAlert>{failure}</FormAlert>
      <FormNotice>{state === 'sent' && email && t('reset.newSent', { email })}</FormNotice>
      <div className="grid gap-3">
        {email ? (
          <Button size="lg" onClick={() => void sendNew()} disabled={state !== 'idle'}>
            {state === 'sending' ? t('reset.requesting') : t('reset.requestNew')}
          </Button>
        ) : (
          <ButtonLink to="/auth?mode=forgot" size="lg">
            {t('reset.requestNew')}
          </ButtonLink>
        )}
        <Link to="/auth" className="text-center text-sm font-medium text-brand-800 underline">
          {t('reset.signInInstead')}
        </Link>
      </div>
    </>
  )
}
