import { useTranslation } from 'react-i18next'
import type { SelfServiceRole } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { CardHeader, SignupCard } from './card'
import { FooterLinks } from './footer-links'
import { RequestAccessForm } from './request-access-form'

function RequestRolePage({ side }: { side: SelfServiceRole }) {
  const { t } = useTranslation('signup')
  usePageTitle(t(`request.${side}.title`))
  return (
    <SignupCard>
      <CardHeader title={t(`request.${side}.title`)}>
        <p>{t(`request.${side}.intro`)}</p>
        <p>{t('request.inviteOnly')}</p>
      </CardHeader>
      <RequestAccessForm role={side} />
      <FooterLinks />
    </SignupCard>
  )
}

/** `/signup/buyer`: request a buyer invitation. */
export const BuyerRequestPage = () => <RequestRolePage side="buyer" />

/** `/signup/seller`: request a seller invitation; success goes on to the thank-you page. */
export const SellerRequestPage = () => <RequestRolePage side="originator" />
