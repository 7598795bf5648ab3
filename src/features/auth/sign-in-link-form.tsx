import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { lazyEndpoint, signinLinkRoute } from '@/contract'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { FormAlert, FormNotice } from '@/components/ui/form-alert'
import { EmailSchema, type EmailValues } from './schemas'

/** Its schemas load when a link is asked for: the sign-in page is a first page, kept light. */
const signinLink = lazyEndpoint('signinLink', signinLinkRoute)

/**
 * "Email me a sign-in link": POST /api/auth/public-signin-link. The answer is the same whether or not the
 * account exists, and so is what we say.
 */
export function SignInLinkForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const { t, i18n } = useTranslation('auth')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailValues, unknown, z.output<typeof EmailSchema>>({
    resolver: zodResolver(EmailSchema),
    defaultValues: { email: defaultEmail },
  })

  const onSubmit = async ({ email }: z.output<typeof EmailSchema>) => {
    setSentTo(null)
    try {
      await call(signinLink, {
        body: { email, languagePreference: i18n.resolvedLanguage === 'es' ? 'es' : 'en' },
      })
      setSentTo(email)
    } catch (error) {
      const fieldError = isApiError(error) ? error.fields?.email : undefined
      if (fieldError) setError('email', { message: fieldError })
      else
        setError('root', {
          message: isApiError(error) ? error.message : t('errors.network'),
        })
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
      <FormNotice>{sentTo && t('link.sent', { email: sentTo })}</FormNotice>
      <FormAlert>{errors.root?.message}</FormAlert>
      <Field label={t('fields.email')} error={errors.email?.message}>
        {(control) => (
          <TextInput {...control} controlSize="lg" type="email" autoComplete="email" {...register('email')} />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? t('link.submitting') : t('link.submit')}
      </Button>
    </form>
  )
}
