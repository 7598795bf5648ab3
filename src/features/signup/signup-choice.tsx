import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { parseInvitationToken } from '@/features/invitations'
import { Field, TextInput } from '@/components/ui/field'

const SIDES = [
  { key: 'buy', to: '/signup/buyer' },
  { key: 'sell', to: '/signup/seller' },
] as const

/** `/signup` without an invitation: choose a side to request one, or paste the link you were sent. */
export function SignupChoice() {
  const { t } = useTranslation('signup')
  const navigate = useNavigate()
  const [link, setLink] = useState('')
  const [error, setError] = useState<string | undefined>()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const token = parseInvitationToken(link)
    if (!token) {
      setError(link.trim() ? t('choice.pasteInvalid') : t('choice.pasteRequired'))
      return
    }
    void navigate(`/signup?invitation=${encodeURIComponent(token)}`)
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 sm:py-12">
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('choice.title')}</h1>
        <p className="text-slate-700">{t('choice.intro')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {SIDES.map((side) => (
          <li key={side.key}>
            <Link
              to={side.to}
              className="grid h-full gap-2 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50"
            >
              <span className="text-lg font-semibold text-slate-900">{t(`choice.${side.key}.title`)}</span>
              <span className="text-sm text-slate-700">{t(`choice.${side.key}.body`)}</span>
              <span className="text-sm font-semibold text-brand-800" aria-hidden="true">
                {t('choice.requestCta')} →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <Field label={t('choice.pasteLabel')} hint={t('choice.pasteHint')} error={error}>
          {(control) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <TextInput
                {...control}
                controlSize="lg"
                value={link}
                onChange={(event) => {
                  setLink(event.target.value)
                  setError(undefined)
                }}
                autoComplete="off"
                className="min-w-0 flex-1"
              />
              <Button type="submit" className="h-11 shrink-0">
                {t('choice.pasteSubmit')}
              </Button>
            </div>
          )}
        </Field>
      </form>
      <p className="text-center text-sm text-slate-700">
        {t('common.haveAccount')}{' '}
        <Link to="/auth" className="font-medium text-brand-800 underline">
          {t('common.signIn')}
        </Link>
      </p>
    </div>
  )
}
