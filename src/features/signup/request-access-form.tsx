import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { isApiError } from '@/api/errors'
import { LanguageSchema, type SelfServiceRole } from '@/contract'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { Field, TextInput } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { useFieldMessage } from '@/components/form/messages'
import { useHumanCheck, useRequestAccess } from './api'
import { HumanCheckField } from './human-check-field'
import { NameFields } from './name-fields'
import { RequestOutcome, type RequestOutcomeValue } from './request-outcome'
import { RoleChoice } from './role-choice'
import { RequestAccessFormSchema, type RequestAccessFormValues } from './schemas'
import { applyServerFieldErrors } from './server-errors'

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'role'] as const
const HUMAN_CHECK_PATHS = {
  humanCheck: 'humanCheckAnswer',
  'humanCheck.answer': 'humanCheckAnswer',
  'humanCheck.token': 'humanCheckAnswer',
} as const

/**
 * Request an invitation (spec §5): names, email, phone and the human check. With `role` the side is fixed
 * (/signup/buyer, /signup/seller); without it the person chooses (/requestAccess).
 */
export function RequestAccessForm({ role }: { role?: SelfServiceRole }) {
  const { t, i18n } = useTranslation('signup')
  const navigate = useNavigate()
  const message = useFieldMessage()
  const humanCheck = useHumanCheck()
  const [outcome, setOutcome] = useState<RequestOutcomeValue | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<RequestAccessFormValues, unknown, z.output<typeof RequestAccessFormSchema>>({
    resolver: zodResolver(RequestAccessFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', role: role ?? '', humanCheckAnswer: '' },
  })

  // Registered here, in screen order: react-hook-form focuses the first invalid field in this order.
  const fields = {
    role: register('role'),
    firstName: register('firstName'),
    lastName: register('lastName'),
    email: register('email'),
    phone: register('phone'),
    humanCheckAnswer: register('humanCheckAnswer'),
  }

  const newQuestion = () => {
    setValue('humanCheckAnswer', '')
    void humanCheck.refetch()
  }

  const request = useRequestAccess({
    onSuccess: (result, input) => {
      if (result.status === 'waitlisted') {
        toast({ title: t('request.failedTitle'), description: t('request.capacity') })
        setOutcome({ status: 'waitlisted', email: input.email })
      } else if (input.role === 'originator') {
        void navigate('/signup/seller/thank-you', { state: { email: input.email } })
      } else {
        setOutcome({ status: 'invited', email: input.email })
      }
    },
    onError: (error) => {
      // A question is single-use: whatever went wrong, the next try needs a new one.
      newQuestion()
      const landed = applyServerFieldErrors(error, setError, FIELDS, HUMAN_CHECK_PATHS)
      if (isApiError(error) && error.status === 429) setFormError(t('request.rateLimited'))
      else setFormError(landed ? null : t('request.failed'))
    },
  })

  const onSubmit = handleSubmit((values) => {
    const challenge = humanCheck.data
    if (!challenge) {
      setError('humanCheckAnswer', { type: 'required', message: 'validation:humanCheckRequired' })
      return
    }
    setFormError(null)
    const language = LanguageSchema.safeParse(i18n.resolvedLanguage)
    request.mutate({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      role: values.role,
      humanCheck: { token: challenge.token, answer: Number(values.humanCheckAnswer) },
      ...(language.success && { languagePreference: language.data }),
    })
  })

  if (outcome) return <RequestOutcome outcome={outcome} />

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      {!role && <RoleChoice register={fields.role} error={message(errors.role?.message)} />}
      <NameFields fields={fields} errors={errors} />
      <Field label={t('form.email')} error={errors.email?.message}>
        {(control) => <TextInput {...control} controlSize="lg" {...fields.email} type="email" autoComplete="email" />}
      </Field>
      <Field label={t('form.phone')} hint={t('form.phoneHint')} error={errors.phone?.message}>
        {(control) => (
          <TextInput {...control} controlSize="lg" {...fields.phone} type="tel" autoComplete="tel-national" />
        )}
      </Field>
      <HumanCheckField
        {...fields.humanCheckAnswer}
        challenge={humanCheck.data}
        isLoading={humanCheck.isFetching}
        isUnavailable={humanCheck.isError}
        onRefresh={newQuestion}
        error={errors.humanCheckAnswer?.message}
      />
      <FormAlert>{formError}</FormAlert>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? t('request.submitting') : t('request.submit')}
      </Button>
    </form>
  )
}
