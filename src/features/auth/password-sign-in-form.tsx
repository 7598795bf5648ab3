import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useAuth, type AuthError } from '@/auth'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { PasswordInput } from '@/components/ui/password-input'
import { LegacySignInSchema, SignInSchema, type SignInValues } from './schemas'
import { LinkButton } from './ui/link-button'
import { signInErrorMessage, type SignInFlow } from './use-sign-in-flow'

type Output = z.output<typeof SignInSchema>

/** Email and password (spec §2 /auth): labels "Email" and "Password", button "Sign in". */
export function PasswordSignInForm({
  flow,
  defaultEmail = '',
  legacy = false,
  onForgot,
}: {
  flow: SignInFlow
  defaultEmail?: string
  legacy?: boolean
  onForgot: (email: string) => void
}) {
  const { t } = useTranslation('auth')
  const { signIn } = useAuth()
  const [error, setError] = useState<{ error: AuthError; email: string; password: string } | null>(null)
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues, unknown, Output>({
    resolver: zodResolver(legacy ? LegacySignInSchema : SignInSchema),
    defaultValues: { email: defaultEmail, password: '' },
  })

  const onSubmit = async ({ email, password }: Output) => {
    setError(null)
    const failure = flow.handle(await signIn(email, password))
    if (failure) setError({ error: failure, email, password })
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormAlert>
        {error && (
          <>
            <p>{signInErrorMessage(t, error.error)}</p>
            {error.error.code === 'UserNotConfirmedException' && (
              <p>
                <Link
                  to={`/verify?email=${encodeURIComponent(error.email)}`}
                  state={{ password: error.password }}
                  className="font-semibold underline"
                >
                  {t('signIn.notConfirmed')}
                </Link>
              </p>
            )}
          </>
        )}
      </FormAlert>
      <Field label={t('fields.email')} error={errors.email?.message}>
        {(control) => (
          <TextInput {...control} controlSize="lg" type="email" autoComplete="username" {...register('email')} />
        )}
      </Field>
      <Field
        label={t('fields.password')}
        error={errors.password?.message}
        labelAside={<LinkButton onClick={() => onForgot(getValues('email'))}>{t('signIn.forgot')}</LinkButton>}
      >
        {(control) => (
          <PasswordInput {...control} controlSize="lg" autoComplete="current-password" {...register('password')} />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </form>
  )
}
