import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { CardHeader, SignupCard } from './card'
import { InvitationSignup } from './invitation-signup'
import { SignupChoice } from './signup-choice'

/** `/signup`: with `?invitation=<token>` the invitation sign-up, else the choice of side and a paste box. */
export function SignupPage() {
  const { t } = useTranslation('signup')
  const [params] = useSearchParams()
  const token = params.get('invitation')?.trim()
  usePageTitle(token ? t('form.title') : t('choice.title'))

  if (!token) return <SignupChoice />
  return (
    <SignupCard>
      <CardHeader title={t('form.title')}>
        <p>{t('form.intro')}</p>
      </CardHeader>
      <InvitationSignup key={token} token={token} />
    </SignupCard>
  )
}
