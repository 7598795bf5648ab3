import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field, TextInput } from '@/components/ui/field'

type NameField = 'firstName' | 'lastName'

/** First and last name side by side, as both the invitation sign-up and the request form ask for them. */
export function NameFields({
  fields,
  errors,
}: {
  /** What `register` gave for each name. */
  fields: Record<NameField, UseFormRegisterReturn>
  errors: Partial<Record<NameField, { message?: string }>>
}) {
  const { t } = useTranslation('signup')
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t('form.firstName')} error={errors.firstName?.message}>
        {(control) => <TextInput {...control} controlSize="lg" {...fields.firstName} autoComplete="given-name" />}
      </Field>
      <Field label={t('form.lastName')} error={errors.lastName?.message}>
        {(control) => <TextInput {...control} controlSize="lg" {...fields.lastName} autoComplete="family-name" />}
      </Field>
    </div>
  )
}
