import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
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
    <FormCard width="lg">
      <FormCardHeader title={t('form.title')}>
        <p>{t('form.intro')}</p>
      </FormCardHeader>
      <InvitationSignup key={token} token={token} />
    </FormCard>
  )
}
