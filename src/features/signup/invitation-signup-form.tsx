import { useId, useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Trans, useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { isApiError } from '@/api/errors'
import { LanguageSchema, type InvitationValidation } from '@/contract'
import { Button } from '@/components/ui/button'
import { Field, FieldError, TextInput } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { useFieldMessage } from '@/components/form/messages'
import { PasswordChecklist } from '@/components/ui/password-checklist'
import { PasswordInput } from '@/components/ui/password-input'
import { useSignupWithInvitation } from './api'
import { NameFields } from './name-fields'
import { SignupFormSchema, type SignupFormValues } from './schemas'
import { applyServerFieldErrors } from './server-errors'

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'password'] as const
const USERNAME_EXISTS = 'username_exists'

const isServerMessage = (error: unknown) => isApiError(error) && error.status < 500 && error.errorBody !== null

function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation('signup')
  return (
    <Link to={to} target="_blank" rel="noopener" className="font-medium text-brand-800 underline">
      {children}
      <span className="sr-only"> {t('form.newTab')}</span>
    </Link>
  )
}

/** The sign-up form for a valid invitation: the role (and the email, when set) come from the invitation. */
export function InvitationSignupForm({ token, invitation }: { token: string; invitation: InvitationValidation }) {
  const { t, i18n } = useTranslation('signup')
  const navigate = useNavigate()
  const message = useFieldMessage()
  const termsErrorId = useId()
  const [formError, setFormError] = useState<string | null>(null)
  const [existingEmail, setExistingEmail] = useState('')
  const {
    register,
    handleSubmit,
    setError,
    control: formControl,
    formState: { errors },
  } = useForm<SignupFormValues, unknown, z.output<typeof SignupFormSchema>>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: invitation.email ?? '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  })

  // Registered here, in screen order: react-hook-form focuses the first invalid field in this order.
  const fields = {
    firstName: register('firstName'),
    lastName: register('lastName'),
    email: register('email'),
    phoneNumber: register('phoneNumber'),
    password: register('password'),
    confirmPassword: register('confirmPassword'),
    acceptTerms: register('acceptTerms'),
  }
  const password = useWatch({ control: formControl, name: 'password' })

  const signup = useSignupWithInvitation({
    onSuccess: (_result, input) => {
      // The password stays in memory only, so /verify can sign in right after the code is confirmed.
      void navigate(`/verify?email=${encodeURIComponent(input.email)}`, { state: { password: input.password } })
    },
    onError: (error, input) => {
      if (isApiError(error) && error.code === USERNAME_EXISTS) {
        setExistingEmail(input.email)
        setError('email', { type: 'exists', message: 'signup:form.emailExists' }, { shouldFocus: true })
        setFormError(null)
        return
      }
      applyServerFieldErrors(error, setError, FIELDS, { phone: 'phoneNumber' })
      setFormError(isServerMessage(error) ? (error as Error).message : t('form.signupFailed'))
    },
  })

  const onSubmit = handleSubmit((values) => {
    setFormError(null)
    const language = LanguageSchema.safeParse(i18n.resolvedLanguage)
    signup.mutate({
      email: values.email,
      password: values.password,
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: values.phoneNumber,
      invitationToken: token,
      ...(language.success && { languagePreference: language.data }),
    })
  })

  const emailError =
    errors.email?.type === 'exists' ? (
      <>
        {t('form.emailExists')}{' '}
        <Link to={`/auth?email=${encodeURIComponent(existingEmail)}`} className="underline">
          {t('form.signInInstead')}
        </Link>
      </>
    ) : (
      errors.email?.message
    )

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <div className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
        <p>
          {t('form.joiningAs')} <strong>{t(`roles.${invitation.role}`)}</strong>
        </p>
        <p className="mt-1 text-xs text-brand-800">{t('form.roleFixed')}</p>
      </div>
      <NameFields fields={fields} errors={errors} />
      <Field label={t('form.email')} hint={invitation.email ? t('form.emailFixed') : undefined} error={emailError}>
        {(control) => (
          <TextInput
            {...control}
            controlSize="lg"
            {...fields.email}
            type="email"
            autoComplete="email"
            readOnly={Boolean(invitation.email)}
          />
        )}
      </Field>
      <Field label={t('form.phone')} hint={t('form.phoneHint')} error={errors.phoneNumber?.message}>
        {(control) => (
          <TextInput {...control} controlSize="lg" {...fields.phoneNumber} type="tel" autoComplete="tel-national" />
        )}
      </Field>
      <Field
        label={t('form.password')}
        hint={<PasswordChecklist password={password} notMetLabel={t('password.notMet')} />}
        error={errors.password?.message}
      >
        {(control) => <PasswordInput {...control} controlSize="lg" {...fields.password} autoComplete="new-password" />}
      </Field>
      <Field label={t('form.confirmPassword')} error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            controlSize="lg"
            {...fields.confirmPassword}
            toggleFor="confirm"
            autoComplete="new-password"
          />
        )}
      </Field>
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={`${termsErrorId}-box`}
            type="checkbox"
            {...fields.acceptTerms}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? termsErrorId : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <label htmlFor={`${termsErrorId}-box`} className="text-sm text-slate-800">
            <Trans
              t={t}
              i18nKey="form.acceptTerms"
              components={{ terms: <NewTabLink to="/terms" />, privacy: <NewTabLink to="/privacy" /> }}
            />
          </label>
        </div>
        <FieldError id={termsErrorId}>{message(errors.acceptTerms?.message)}</FieldError>
      </div>
      <FormAlert>{formError}</FormAlert>
      <Button type="submit" size="lg" disabled={signup.isPending}>
        {signup.isPending ? t('form.submitting') : t('form.submit')}
      </Button>
    </form>
  )
}
