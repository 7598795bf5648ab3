import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { Button } from '@/components/ui/button'
import { parseInvitationToken } from '@/features/invitations'
import { Field, TextInput } from '@/components/ui/field'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { FooterLinks } from './footer-links'
import { InvitationSignup } from './invitation-signup'

/** `/signup/buyer-legacy`: the older buyer sign-up, where the invitation code is typed by hand. */
export function BuyerLegacyPage() {
  const { t } = useTranslation('signup')
  usePageTitle(t('legacy.title'))
  const [code, setCode] = useState('')
  const [token, setToken] = useState<string | null>(null)
  const [error, setError] = useState<string | undefined>()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseInvitationToken(code)
    if (!parsed) {
      setError(code.trim() ? t('legacy.codeInvalid') : t('legacy.codeRequired'))
      return
    }
    setToken(parsed)
  }

  return (
    <FormCard width="lg">
      <FormCardHeader title={t('legacy.title')}>
        <p>{t('legacy.intro')}</p>
      </FormCardHeader>
      {token ? (
        <>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-700">
            <p>
              {t('legacy.usingCode')} <code className="break-all">{token}</code>
            </p>
            <button type="button" onClick={() => setToken(null)} className="font-medium text-brand-800 underline">
              {t('legacy.changeCode')}
            </button>
          </div>
          <InvitationSignup key={token} token={token} />
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <Field label={t('legacy.codeLabel')} hint={t('legacy.codeHint')} error={error}>
            {(control) => (
              <TextInput
                {...control}
                controlSize="lg"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value)
                  setError(undefined)
                }}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
          <Button type="submit" size="lg">
            {t('legacy.continue')}
          </Button>
        </form>
      )}
      <FooterLinks />
    </FormCard>
  )
}
