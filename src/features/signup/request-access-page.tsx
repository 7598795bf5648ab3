import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { RequestAccessForm } from './request-access-form'
import { FooterLinks } from './footer-links'

/** `/requestAccess`: the generic request-invitation and waitlist form, buyer or seller. */
export function RequestAccessPage() {
  const { t } = useTranslation('signup')
  usePageTitle(t('request.generic.title'))
  return (
    <FormCard width="lg">
      <FormCardHeader title={t('request.generic.title')}>
        <p>{t('request.generic.intro')}</p>
        <p>{t('request.inviteOnly')}</p>
      </FormCardHeader>
      <RequestAccessForm />
      <FooterLinks />
    </FormCard>
  )
}
