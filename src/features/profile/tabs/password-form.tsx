import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { authErrorMessage, changePassword } from '@/auth'
import { PASSWORD_RULES } from '@/components/form/password-rules'
import { toast } from '@/components/ui/toast'
import { passwordField } from '@/contract'
import { Field, TextInput } from '@/components/ui/field'
import { contractResolver } from '@/components/form/resolver'
import { Checkbox } from '@/components/form/choices'
import { FormSection } from '@/components/form/form-section'
import { SaveButton } from '../forms/save-button'

const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'validation:currentPasswordRequired' }),
    newPassword: passwordField,
    confirmPassword: z.string().min(1, { error: 'validation:required' }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'validation:passwordMismatch',
    // Say so even while the new password still breaks a rule.
    when: ({ value }) => typeof value === 'object' && value !== null,
  })
type PasswordValues = z.input<typeof ChangePasswordSchema>

export function PasswordForm() {
  const { t } = useTranslation('profile')
  const [visible, setVisible] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const { register, handleSubmit, formState, control, reset } = useForm<PasswordValues, unknown, PasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: contractResolver(ChangePasswordSchema),
  })
  const newPassword = useWatch({ control, name: 'newPassword' }) ?? ''
  const type = visible ? 'text' : 'password'

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      await changePassword(values.currentPassword, values.newPassword)
      reset()
      toast({
        title: t('security.passwordChangedTitle'),
        description: t('security.passwordChanged'),
        variant: 'success',
      })
    } catch (error) {
      setFailure(authErrorMessage(t, error))
    }
  })

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormSection title={t('security.passwordTitle')} description={t('security.passwordDescription')}>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <Field
          label={t('fields.currentPassword')}
          announceError
          required
          error={formState.errors.currentPassword?.message}
        >
          {(props) => (
            <TextInput {...props} type={type} autoComplete="current-password" {...register('currentPassword')} />
          )}
        </Field>
        <Field
          label={t('fields.newPassword')}
          announceError
          required
          hint={
            <ul className="grid gap-0.5" aria-label={t('security.policyLabel')}>
              {PASSWORD_RULES.map((rule) => {
                const met = rule.test(newPassword)
                return (
                  <li key={rule.key} className={met ? 'text-brand-800' : 'text-slate-600'}>
                    <span aria-hidden="true">{met ? '✓ ' : '○ '}</span>
                    {t(`common:form.password.rules.${rule.key}`)}
                    <span className="sr-only"> ({met ? t('security.policyMet') : t('security.policyNotMet')})</span>
                  </li>
                )
              })}
            </ul>
          }
          error={formState.errors.newPassword?.message}
        >
          {(props) => <TextInput {...props} type={type} autoComplete="new-password" {...register('newPassword')} />}
        </Field>
        <Field
          label={t('fields.confirmPassword')}
          announceError
          required
          error={formState.errors.confirmPassword?.message}
        >
          {(props) => <TextInput {...props} type={type} autoComplete="new-password" {...register('confirmPassword')} />}
        </Field>
        <Checkbox
          label={t('security.showPasswords')}
          checked={visible}
          onChange={(event) => setVisible(event.target.checked)}
        />
        <SaveButton isSaving={formState.isSubmitting} label={t('security.changePassword')} />
      </FormSection>
    </form>
  )
}
