import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { authErrorMessage, confirmForgotPassword, forgotPassword, isAuthError, useAuth, type AuthError } from '@/auth'
import { Button } from '@/components/ui/button'
import { CodeInput, Field, TextInput } from '@/components/ui/field'
import { FormAlert, FormNotice } from '@/components/ui/form-alert'
import { NewPasswordFields } from './new-password-fields'
import { CodeAndPasswordSchema, EmailSchema, type CodeAndPasswordValues, type EmailValues } from './schemas'
import { LinkButton } from './ui/link-button'
import type { SignInFlow } from './use-sign-in-flow'

/** Asking again must not tell anyone whether the address has an account. */
export async function requestReset(email: string): Promise<AuthError | null> {
  try {
    await forgotPassword(email)
    return null
  } catch (error) {
    if (isAuthError(error) && error.code === 'UserNotFoundException') return null
    return isAuthError(error) ? error : { code: 'UnknownError', message: String(error) }
  }
}

/** Forgot password: the e-mail first, then the code and a new password (or the e-mailed link). */
export function ForgotPassword({
  flow,
  defaultEmail = '',
  onReset,
}: {
  flow: SignInFlow
  defaultEmail?: string
  /** The password changed but signing in with it did not finish: back to the sign-in form. */
  onReset: (email: string) => void
}) {
  const [email, setEmail] = useState<string | null>(null)
  return email ? (
    <ResetWithCode email={email} flow={flow} onReset={onReset} />
  ) : (
    <RequestReset defaultEmail={defaultEmail} onSent={setEmail} />
  )
}

function RequestReset({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation('auth')
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues, unknown, z.output<typeof EmailSchema>>({
    resolver: zodResolver(EmailSchema),
    defaultValues: { email: defaultEmail },
  })

  const onSubmit = async ({ email }: z.output<typeof EmailSchema>) => {
    setFailure(null)
    const error = await requestReset(email)
    if (error) setFailure(authErrorMessage(t, error))
    else onSent(email)
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormAlert>{failure}</FormAlert>
      <Field label={t('fields.email')} error={errors.email?.message}>
        {(control) => (
          <TextInput {...control} controlSize="lg" type="email" autoComplete="username" {...register('email')} />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
    </form>
  )
}

function ResetWithCode({
  email,
  flow,
  onReset,
}: {
  email: string
  flow: SignInFlow
  onReset: (email: string) => void
}) {
  const { t } = useTranslation('auth')
  const { signIn } = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const [resent, setResent] = useState(false)
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CodeAndPasswordValues, unknown, z.output<typeof CodeAndPasswordSchema>>({
    resolver: zodResolver(CodeAndPasswordSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  })
  const password = useWatch({ control, name: 'password' }) ?? ''

  const onSubmit = async ({ code, password: newPassword }: z.output<typeof CodeAndPasswordSchema>) => {
    setFailure(null)
    setResent(false)
    try {
      await confirmForgotPassword(email, code, newPassword)
    } catch (error) {
      return setFailure(authErrorMessage(t, error))
    }
    if (flow.handle(await signIn(email, newPassword))) onReset(email)
  }

  const resend = async () => {
    setFailure(null)
    const error = await requestReset(email)
    if (error) setFailure(authErrorMessage(t, error))
    else setResent(true)
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormNotice>
        <p className="font-semibold">{t('forgot.sent')}</p>
        <p>{resent ? t('forgot.resent', { email }) : t('forgot.codeIntro')}</p>
      </FormNotice>
      <FormAlert>{failure}</FormAlert>
      <Field label={t('fields.code')} hint={t('code.hint')} error={errors.code?.message}>
        {(control) => <CodeInput {...control} controlSize="lg" {...register('code')} />}
      </Field>
      <NewPasswordFields register={register} errors={errors} password={password} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('forgot.confirming') : t('forgot.confirm')}
      </Button>
      <div>
        <LinkButton onClick={() => void resend()}>{t('forgot.resend')}</LinkButton>
      </div>
    </form>
  )
}
