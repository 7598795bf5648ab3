import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { authErrorMessage, confirmSignUp, isAuthError, resendSignUpCode, useAuth } from '@/auth'
import { emailField } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { CodeInput, Field, TextInput } from '@/components/ui/field'
import { FormAlert, FormNotice } from '@/components/ui/form-alert'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { VerifySchema, type VerifyValues } from './schemas'
import { LinkButton } from './ui/link-button'
import { useSignInFlow } from './use-sign-in-flow'

/** Cognito says an already-confirmed account "cannot be confirmed. Current status is CONFIRMED". */
const isAlreadyConfirmed = (error: unknown) =>
  isAuthError(error) && error.code === 'NotAuthorizedException' && /CONFIRMED/.test(error.message)

/**
 * `/verify?email=<email>`: the 6-digit sign-up code. Sign-up hands over the password in router state (memory
 * only), so a confirmed account is signed in at once; otherwise /auth opens with the e-mail filled in.
 */
export function VerifyPage() {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const password = (useLocation().state as { password?: unknown } | null)?.password
  const { signIn } = useAuth()
  const flow = useSignInFlow()
  const [failure, setFailure] = useState<string | null>(null)
  const [resentTo, setResentTo] = useState<string | null>(null)
  const [isResending, setIsResending] = useState(false)
  const [isSigningIn, setIsSigningIn] = useState(false)
  usePageTitle(t('verify.title'))

  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VerifyValues, unknown, z.output<typeof VerifySchema>>({
    resolver: zodResolver(VerifySchema),
    defaultValues: { email: params.get('email') ?? '', code: '' },
  })

  const toSignIn = (email: string) =>
    navigate(`/auth?email=${encodeURIComponent(email)}`, { replace: true, state: { notice: 'verified' } })

  const onSubmit = async ({ email, code }: z.output<typeof VerifySchema>) => {
    setFailure(null)
    setResentTo(null)
    try {
      await confirmSignUp(email, code)
    } catch (error) {
      if (!isAlreadyConfirmed(error)) {
        if (isAuthError(error) && /CodeMismatch|ExpiredCode/.test(error.code)) {
          return setError('code', { message: authErrorMessage(t, error) })
        }
        return setFailure(authErrorMessage(t, error))
      }
    }
    if (typeof password !== 'string' || !password) return void toSignIn(email)
    setIsSigningIn(true)
    const result = await signIn(email, password)
    // A challenge or a failure is finished on /auth, with the e-mail filled in.
    if (result.type === 'signedIn') flow.handle(result)
    else void toSignIn(email)
  }

  const resend = async () => {
    setFailure(null)
    setResentTo(null)
    const email = emailField.safeParse(getValues('email'))
    if (!email.success) return setError('email', { message: t('verify.resendNeedsEmail') })
    setIsResending(true)
    try {
      await resendSignUpCode(email.data)
      setResentTo(email.data)
    } catch (error) {
      setFailure(authErrorMessage(t, error))
    } finally {
      setIsResending(false)
    }
  }

  return (
    <FormCard>
      <FormCardHeader title={t('verify.title')}>
        <p>{t('verify.intro')}</p>
      </FormCardHeader>
      {isSigningIn ? (
        <Spinner label={t('verify.signingIn')} className="justify-self-center py-6" />
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
          <FormNotice>{resentTo && t('verify.resent', { email: resentTo })}</FormNotice>
          <FormAlert>{failure}</FormAlert>
          <Field label={t('fields.email')} error={errors.email?.message}>
            {(control) => (
              <TextInput {...control} controlSize="lg" type="email" autoComplete="email" {...register('email')} />
            )}
          </Field>
          <Field label={t('fields.code')} hint={t('code.hint')} error={errors.code?.message}>
            {(control) => <CodeInput {...control} controlSize="lg" {...register('code')} />}
          </Field>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? t('verify.submitting') : t('verify.submit')}
          </Button>
          <div>
            <LinkButton onClick={() => void resend()}>
              {isResending ? t('verify.resending') : t('verify.resend')}
            </LinkButton>
          </div>
        </form>
      )}
      <p className="border-t border-slate-200 pt-4 text-sm text-slate-700">
        {t('verify.haveAccount')}{' '}
        <Link to="/auth" className="font-medium text-brand-800 underline">
          {t('verify.signIn')}
        </Link>
      </p>
    </FormCard>
  )
}
