import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { hasAllAccess, hasRole, useAuth } from '@/auth'
import type { Deal } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { OfferForm } from './offer-form'
import { useMyDealOffers, useRefreshOnOfferAccepted } from './offers-api'
import { YourOffers } from './your-offers'

/**
 * The buyer's side of offers on the deal page: make one (or a new one replacing the open one) while the
 * listing takes offers, and see their own with each one's state. Whoever may express interest may offer
 * (buyers, and admins and owners who act for them), never on their own listing; the server says the same.
 */
export function OfferPanel({ deal }: { deal: Deal }) {
  const { user } = useAuth()
  const mayOffer = (hasRole(user, 'buyer') || hasAllAccess(user)) && !deal.isOwner
  return mayOffer ? <OfferSection deal={deal} /> : null
}

function OfferSection({ deal }: { deal: Deal }) {
  const { t } = useTranslation('dealDetail')
  const offers = useMyDealOffers(deal.id, true)
  useRefreshOnOfferAccepted(deal.id, true)
  const [formOpen, setFormOpen] = useState(false)
  const openButton = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  const openOffer = offers.data?.find((offer) => offer.status === 'submitted')

  // Closing the form (cancel or sent) brings the "Make an offer" button back: focus goes to it.
  useEffect(() => {
    if (!formOpen && returnFocus.current) {
      returnFocus.current = false
      openButton.current?.focus()
    }
  }, [formOpen])
  const closeForm = () => {
    returnFocus.current = true
    setFormOpen(false)
  }

  return (
    <section
      aria-labelledby="offers-title"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="offers-title" className="text-base font-semibold text-slate-900">
        {t('offer.sectionTitle')}
      </h2>
      {deal.availability === 'no-new-offers' && (
        <p className="rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-900">{t('offer.closed.pending')}</p>
      )}
      {deal.availability === 'unavailable' && (
        <p className="rounded-md bg-slate-100 px-3 py-2 font-medium text-slate-900">{t('offer.closed.unavailable')}</p>
      )}
      {deal.availability === 'available' &&
        (formOpen ? (
          <OfferForm dealId={deal.id} openOffer={openOffer} onSent={closeForm} onCancel={closeForm} />
        ) : (
          <div className="grid gap-2">
            <p className="text-slate-700">{t('offer.intro')}</p>
            <Button
              ref={openButton}
              variant={openOffer ? 'secondary' : 'primary'}
              className="justify-self-start"
              onClick={() => setFormOpen(true)}
            >
              {t(openOffer ? 'offer.openNew' : 'offer.open')}
            </Button>
          </div>
        ))}
      {offers.isPending && <Spinner />}
      {offers.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-red-800">
          <p>{t('offer.mine.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void offers.refetch()}>
            {t('offer.mine.retry')}
          </Button>
        </div>
      )}
      {offers.data && <YourOffers dealId={deal.id} offers={offers.data} />}
    </section>
  )
}
