import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { InvitationDetails, parseInvitationToken, useInvitationValidation } from '@/features/invitations'
import { Field, TextInput } from '@/components/ui/field'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { invitationProblem } from './invitation-signup'

function Result({ token }: { token: string }) {
  const { t } = useTranslation('signup')
  const validation = useInvitationValidation(token)
  if (validation.isPending) return <Spinner label={t('invitation.checking')} />
  if (validation.isError) {
    const kind = invitationProblem(undefined, validation.error)
    return (
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <p className="font-semibold">{t(`invitation.${kind ?? 'failed'}.title`)}</p>
      </div>
    )
  }
  const isUsable = invitationProblem(validation.data, null) === null
  return (
    <div className="grid gap-4">
      <InvitationDetails invitation={validation.data} />
      {isUsable ? (
        <ButtonLink to={`/signup?invitation=${encodeURIComponent(token)}`}>{t('test.continue')}</ButtonLink>
      ) : (
        <p className="text-sm text-slate-700">{t('test.notUsable')}</p>
      )}
    </div>
  )
}

/** `/test-invitation`: paste a link or token and see what the server says about it. */
export function TestInvitationPage() {
  const { t } = useTranslation('signup')
  usePageTitle(t('test.title'))
  const [input, setInput] = useState('')
  const [token, setToken] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseInvitationToken(input)
    setError(parsed ? undefined : input.trim() ? t('choice.pasteInvalid') : t('choice.pasteRequired'))
    setToken(parsed)
  }

  return (
    <FormCard width="lg">
      <FormCardHeader title={t('test.title')}>
        <p>{t('test.intro')}</p>
      </FormCardHeader>
      <form noValidate onSubmit={onSubmit} className="grid gap-3">
        <Field label={t('test.label')} error={error}>
          {(control) => (
            <TextInput
              {...control}
              controlSize="lg"
              value={input}
              onChange={(event) => setInput(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Button type="submit">{t('test.check')}</Button>
      </form>
      {token && (
        <section aria-labelledby="test-result-heading" aria-live="polite" className="grid gap-3">
          <h2 id="test-result-heading" className="text-lg font-semibold text-slate-900">
            {t('test.resultTitle')}
          </h2>
          <Result key={token} token={token} />
        </section>
      )}
    </FormCard>
  )
}
