import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { authErrorMessage, isAuthError, requestEmailChange, useAuth, verifyEmailChange } from '@/auth'
import { emailField } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { CodeInput, Field } from '@/components/ui/field'
import { FormAlert, FormNotice } from '@/components/ui/form-alert'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { CodeSchema, type CodeValues } from './schemas'
import { LinkButton } from './ui/link-button'

/** `/verify-email-change?email=<new email>`: the code the identity provider sent to the new address. */
export function VerifyEmailChangePage() {
  const { t } = useTranslation('auth')
  usePageTitle(t('emailChange.title'))
  return <EmailChangeForm />
}

function EmailChangeForm() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const { refreshUser } = useAuth()
  const parsed = emailField.safeParse(params.get('email') ?? '')
  const newEmail = parsed.success ? parsed.data : null
  const [done, setDone] = useState<string | null | false>(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [resent, setResent] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues, unknown, z.output<typeof CodeSchema>>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  })

  const onSubmit = async ({ code }: z.output<typeof CodeSchema>) => {
    setFailure(null)
    setResent(false)
    try {
      await verifyEmailChange(code)
    } catch (error) {
      if (isAuthError(error) && /CodeMismatch|ExpiredCode/.test(error.code)) {
        return setError('code', { message: authErrorMessage(t, error) })
      }
      return setFailure(authErrorMessage(t, error))
    }
    // The new address is in the next ID token: renew the tokens, then ask the server for the user again.
    const user = await refreshUser({ renewTokens: true })
    setDone(user?.email ?? newEmail)
  }

  const resend = async () => {
    if (!newEmail) return
    setFailure(null)
    try {
      await requestEmailChange(newEmail)
      setResent(true)
    } catch (error) {
      setFailure(authErrorMessage(t, error))
    }
  }

  if (done !== false) {
    return (
      <FormCard>
        <FormCardHeader title={t('emailChange.title')} />
        <FormNotice>{done ? t('emailChange.done', { email: done }) : t('emailChange.doneNoEmail')}</FormNotice>
        <ButtonLink to="/profile" size="lg">
          {t('emailChange.toProfile')}
        </ButtonLink>
      </FormCard>
    )
  }

  return (
    <FormCard>
      <FormCardHeader title={t('emailChange.title')}>
        <p>{newEmail ? t('emailChange.intro', { email: newEmail }) : t('emailChange.introNoEmail')}</p>
      </FormCardHeader>
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="grid gap-4">
        <FormNotice>{resent && newEmail && t('emailChange.resent', { email: newEmail })}</FormNotice>
        <FormAlert>{failure}</FormAlert>
        <Field label={t('fields.code')} error={errors.code?.message}>
          {(control) => <CodeInput {...control} controlSize="lg" {...register('code')} />}
        </Field>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? t('emailChange.submitting') : t('emailChange.submit')}
        </Button>
        {newEmail && (
          <div>
            <LinkButton onClick={() => void resend()}>{t('emailChange.resend')}</LinkButton>
          </div>
        )}
      </form>
      <p className="border-t border-slate-200 pt-4 text-sm">
        <ButtonLink to="/profile" variant="ghost" size="sm">
          {t('emailChange.toProfile')}
        </ButtonLink>
      </p>
    </FormCard>
  )
}
