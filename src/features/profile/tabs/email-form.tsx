import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { authErrorMessage, requestEmailChange } from '@/auth'
import { emailField } from '@/contract'
import { Field, TextInput } from '@/components/ui/field'
import { contractResolver } from '@/components/form/resolver'
import { FormSection } from '@/components/form/form-section'
import { SaveButton } from '../forms/save-button'

type EmailValues = { email: string }

/** Asks the identity provider to change the address; a code goes to the new one, confirmed on /verify-email-change. */
export function EmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('profile')
  const navigate = useNavigate()
  const [failure, setFailure] = useState<string | null>(null)
  const schema = z.object({
    email: emailField.refine((email) => email !== currentEmail.toLowerCase(), { error: 'profile:security.sameEmail' }),
  })
  const { register, handleSubmit, formState } = useForm<EmailValues, unknown, EmailValues>({
    defaultValues: { email: '' },
    resolver: contractResolver(schema),
  })

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null)
    try {
      await requestEmailChange(email)
      void navigate(`/verify-email-change?email=${encodeURIComponent(email)}`)
    } catch (error) {
      setFailure(authErrorMessage(t, error))
    }
  })

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormSection
        title={t('security.emailTitle')}
        description={t('security.emailDescription', { email: currentEmail })}
      >
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <Field label={t('fields.newEmail')} announceError required error={formState.errors.email?.message}>
          {(props) => <TextInput {...props} type="email" autoComplete="email" {...register('email')} />}
        </Field>
        <SaveButton
          isSaving={formState.isSubmitting}
          label={t('security.changeEmail')}
          savingLabel={t('form.sending')}
        />
      </FormSection>
    </form>
  )
}
