import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useAuth, type MfaMethod } from '@/auth'
import { Button } from '@/components/ui/button'
import { CodeInput, Field } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { NewPasswordFields } from './new-password-fields'
import { CodeSchema, type CodeValues, type NewPasswordSchema } from './schemas'
import { useNewPasswordForm } from './use-new-password-form'
import { signInErrorMessage, type SignInFlow } from './use-sign-in-flow'

/** NEW_PASSWORD_REQUIRED: a new password (policy checklist) and its confirmation. */
export function NewPasswordForm({ flow }: { flow: SignInFlow }) {
  const { t } = useTranslation('auth')
  const { completeNewPassword } = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    form: {
      register,
      handleSubmit,
      formState: { errors, isSubmitting },
    },
    password,
  } = useNewPasswordForm()

  const onSubmit = async (values: z.output<typeof NewPasswordSchema>) => {
    setFailure(null)
    const error = flow.handle(await completeNewPassword(values.password))
    if (error) setFailure(signInErrorMessage(t, error))
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormAlert>{failure}</FormAlert>
      <NewPasswordFields register={register} errors={errors} password={password} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('challenge.submitting') : t('challenge.newPasswordSubmit')}
      </Button>
    </form>
  )
}

/** SOFTWARE_TOKEN_MFA or SMS_MFA: the 6-digit code. */
export function MfaForm({ flow, method }: { flow: SignInFlow; method: MfaMethod }) {
  const { t } = useTranslation('auth')
  const { submitMfaCode } = useAuth()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, z.output<typeof CodeSchema>>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  })

  const onSubmit = async ({ code }: z.output<typeof CodeSchema>) => {
    setFailure(null)
    const error = flow.handle(await submitMfaCode(code))
    if (error) setFailure(signInErrorMessage(t, error))
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
      <p className="text-sm text-slate-700">
        {method === 'SMS_MFA' ? t('challenge.mfaIntroSms') : t('challenge.mfaIntroApp')}
      </p>
      <FormAlert>{failure}</FormAlert>
      <Field label={t('fields.code')} error={errors.code?.message}>
        {(control) => <CodeInput {...control} controlSize="lg" {...register('code')} />}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('challenge.submitting') : t('challenge.mfaSubmit')}
      </Button>
    </form>
  )
}
