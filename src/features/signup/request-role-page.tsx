import { useTranslation } from 'react-i18next'
import type { SelfServiceRole } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { FormCard, FormCardHeader } from '@/components/ui/form-card'
import { FooterLinks } from './footer-links'
import { RequestAccessForm } from './request-access-form'

function RequestRolePage({ side }: { side: SelfServiceRole }) {
  const { t } = useTranslation('signup')
  usePageTitle(t(`request.${side}.title`))
  return (
    <FormCard width="lg">
      <FormCardHeader title={t(`request.${side}.title`)}>
        <p>{t(`request.${side}.intro`)}</p>
        <p>{t('request.inviteOnly')}</p>
      </FormCardHeader>
      <RequestAccessForm role={side} />
      <FooterLinks />
    </FormCard>
  )
}

/** `/signup/buyer`: request a buyer invitation. */
export const BuyerRequestPage = () => <RequestRolePage side="buyer" />

/** `/signup/seller`: request a seller invitation; success goes on to the thank-you page. */
export const SellerRequestPage = () => <RequestRolePage side="originator" />
