import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field } from '@/components/ui/field'
import { PasswordChecklist } from '@/components/ui/password-checklist'
import { PasswordInput } from '@/components/ui/password-input'

type PasswordName = 'password' | 'confirmPassword'

/**
 * A new password with the policy checklist under it, then its confirmation: the same pair on the first
 * sign-in (NEW_PASSWORD_REQUIRED), the forgot-password code form and the e-mailed reset link.
 */
export function NewPasswordFields({
  register,
  errors,
  password,
}: {
  /** The form's `register`; the form's values hold `password` and `confirmPassword`. */
  register: (name: PasswordName) => UseFormRegisterReturn
  errors: Partial<Record<PasswordName, { message?: string }>>
  /** What the password box holds now, so the checklist ticks while the person types. */
  password: string
}) {
  const { t } = useTranslation('auth')
  return (
    <>
      <Field
        label={t('fields.newPassword')}
        error={errors.password?.message}
        hint={<PasswordChecklist password={password} />}
      >
        {(control) => (
          <PasswordInput {...control} controlSize="lg" autoComplete="new-password" {...register('password')} />
        )}
      </Field>
      <Field label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            controlSize="lg"
            toggleFor="confirm"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        )}
      </Field>
    </>
  )
}
