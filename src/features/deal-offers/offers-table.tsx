import { Fragment, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { clsx } from 'clsx'
import type { OfferStatus, ReceivedOffer } from '@/contract'
import type { ListingTerms } from '@/contract/deal-math/deal-terms'
import { Button } from '@/components/ui/button'
import { CertifiedBadge } from '@/components/ui/certified-badge'
import { useFormatDate } from '@/i18n/use-format-date'
import { formatUsd } from '@/lib/format-currency'
import { MessageBuyerButton } from '@/features/chat'
import { AcceptDialog, DeclineDialog } from './decision-dialogs'
import { useOfferValues } from './offer-values'
import { offerAmount, readSort, sortOffers } from './sort'
import { Cell, SortHeader, SortSelect } from './table-parts'
import { ValuePanel, ValueSummary } from './value-panel'

/** The table's columns, the panel's row spans them all. */
const COLUMNS = 9

const statusStyles: Record<OfferStatus, string> = {
  submitted: 'bg-brand-50 text-brand-900',
  accepted: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-200 text-slate-900',
  not_accepted: 'bg-slate-200 text-slate-900',
  released: 'bg-amber-100 text-amber-900',
}

const amountText = (offer: ReceivedOffer) =>
  formatUsd(offerAmount(offer), { cents: !Number.isInteger(offerAmount(offer)) })

type Decision = { kind: 'accept' | 'decline'; offer: ReceivedOffer; open: boolean } | null

/**
 * The received offers, sortable by date, amount and close date (the order in the URL); on a phone each row
 * is a card. Open offers can be accepted or declined while the listing takes offers.
 */
export function OffersTable({
  offers,
  listing,
  discountRate,
  canDecide,
  canMessage,
  address,
  fallbackFocus,
}: {
  offers: readonly ReceivedOffer[]
  /** The listing's terms, which value the creative offers. */
  listing: ListingTerms
  /** Annual %, the rate later payments are discounted at. */
  discountRate: number
  /** Whether the listing still takes a decision (it is available). */
  canDecide: boolean
  /** Whether the viewer is the listing's seller, who may write first to a buyer without a conversation. */
  canMessage: boolean
  address: string
  /** Where focus goes when the button that opened a dialog is gone (the offer was decided). */
  fallbackFocus: () => void
}) {
  const { t, i18n } = useTranslation('myListings')
  const language = i18n.language.startsWith('es') ? 'es' : 'en'
  const formatDate = useFormatDate()
  const [params] = useSearchParams()
  const sort = readSort(params)
  const values = useOfferValues(offers, listing, discountRate)
  const rows = sortOffers(offers, sort, (offer) => values.get(offer.id)?.total ?? null)
  const [panels, setPanels] = useState<ReadonlySet<string>>(new Set())
  const togglePanel = (id: string) =>
    setPanels((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })
  const panelPrefix = useId()
  const [decision, setDecision] = useState<Decision>(null)
  const opener = useRef<HTMLElement | null>(null)

  const open = (kind: 'accept' | 'decline', offer: ReceivedOffer, button: HTMLElement) => {
    opener.current = button
    setDecision({ kind, offer, open: true })
  }
  // Kept mounted while closing, so Radix can hand focus back (to the opener, or elsewhere once it is gone).
  const close = (isOpen: boolean) => {
    if (!isOpen) setDecision((current) => (current ? { ...current, open: false } : current))
  }
  // Radix gives focus back to a Dialog.Trigger, and these dialogs have none: back to the button that opened
  // it, or, once the offer is decided and that button is gone, to the page's heading.
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault()
    if (opener.current?.isConnected) opener.current.focus()
    else fallbackFocus()
  }

  return (
    <>
      <SortSelect sort={sort} />
      {/* Nine columns may not fit a laptop's width: the table scrolls sideways inside the page, never the page. */}
      <div className="min-w-0 md:overflow-x-auto">
        <table className="w-full text-sm max-md:block">
          <caption className="sr-only">{t('offers.caption', { count: offers.length, address })}</caption>
          <thead className="text-left text-xs text-slate-600 max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 tracking-wide uppercase">
                {t('offers.columns.buyer')}
              </th>
              <th scope="col" className="px-3 py-2 tracking-wide uppercase">
                {t('offers.columns.type')}
              </th>
              <SortHeader column="amount" label={t('offers.columns.amount')} sort={sort} />
              <SortHeader column="value" label={t('offers.columns.value')} sort={sort} />
              <SortHeader column="closeDate" label={t('offers.columns.closeDate')} sort={sort} />
              <th scope="col" className="px-3 py-2 tracking-wide uppercase">
                {t('offers.columns.message')}
              </th>
              <SortHeader column="date" label={t('offers.columns.received')} sort={sort} />
              <th scope="col" className="px-3 py-2 tracking-wide uppercase">
                {t('offers.columns.status')}
              </th>
              <th scope="col" className="px-3 py-2 tracking-wide uppercase">
                {t('offers.columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="max-md:grid max-md:gap-3">
            {rows.map((offer) => {
              const name = offer.buyer.name || t('offers.buyerFallback')
              const decidable = canDecide && offer.status === 'submitted'
              const named = (action: string) => ({ 'aria-label': `${action}, ${name}` })
              const value = values.get(offer.id)
              const panelId = `${panelPrefix}-value-${offer.id}`
              const panelOpen = panels.has(offer.id)
              return (
                <Fragment key={offer.id}>
                  <tr className="border-t border-slate-200 max-md:block max-md:rounded-xl max-md:border max-md:bg-white max-md:py-2 max-md:shadow-sm">
                    <th
                      scope="row"
                      className="px-3 py-2 text-left align-top font-normal max-md:block md:min-w-36 md:py-3"
                    >
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                        <span className="font-semibold text-slate-900">{name}</span>
                        {offer.buyer.certified && <CertifiedBadge label={t('offers.certified')} />}
                      </span>
                    </th>
                    <Cell label={t('offers.columns.type')}>{t(`values:dealCategories.${offer.type}`)}</Cell>
                    <Cell label={t('offers.columns.amount')} className="whitespace-nowrap">
                      <span className="font-semibold text-slate-900">{amountText(offer)}</span>
                      <span className="block text-xs text-slate-600">{t(`offers.amountKinds.${offer.type}`)}</span>
                    </Cell>
                    <Cell label={t('offers.columns.value')}>
                      {value && (
                        <ValueSummary
                          value={value}
                          panelId={panelId}
                          open={panelOpen}
                          onToggle={() => togglePanel(offer.id)}
                        />
                      )}
                    </Cell>
                    <Cell label={t('offers.columns.closeDate')} className="whitespace-nowrap">
                      <time dateTime={offer.closeOfEscrowDate}>{formatDate(offer.closeOfEscrowDate)}</time>
                    </Cell>
                    <Cell label={t('offers.columns.message')} className="md:max-w-80 md:min-w-44">
                      {offer.message ? (
                        <span className="whitespace-pre-line break-words text-slate-800">{offer.message}</span>
                      ) : (
                        <span className="text-slate-500">{t('offers.noMessage')}</span>
                      )}
                    </Cell>
                    <Cell label={t('offers.columns.received')} className="whitespace-nowrap">
                      {/* The time too, not only the day: offers of one day are told apart and ordered. */}
                      <time dateTime={offer.createdAt}>{formatDate(offer.createdAt, 'dateTime')}</time>
                    </Cell>
                    <Cell label={t('offers.columns.status')}>
                      <span
                        className={clsx(
                          'rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
                          statusStyles[offer.status],
                        )}
                      >
                        {t(`offers.statuses.${offer.status}`)}
                      </span>
                      {offer.status === 'declined' && offer.declineReason && (
                        <span className="mt-1 block text-xs text-slate-600">
                          {t('offers.declineReason', { reason: offer.declineReason })}
                        </span>
                      )}
                    </Cell>
                    <td className="px-3 py-2 align-top max-md:block md:py-3">
                      <div className="flex flex-wrap gap-1 md:min-w-48">
                        {decidable && (
                          <>
                            <Button
                              size="sm"
                              onClick={(event) => open('accept', offer, event.currentTarget)}
                              {...named(t('offers.accept.open'))}
                            >
                              {t('offers.accept.open')}
                            </Button>
                            <Button
                              size="sm"
                              variant="secondary"
                              onClick={(event) => open('decline', offer, event.currentTarget)}
                              {...named(t('offers.decline.open'))}
                            >
                              {t('offers.decline.open')}
                            </Button>
                          </>
                        )}
                        {offer.threadId ? (
                          <Link
                            to={`/chat/${encodeURIComponent(offer.threadId)}`}
                            className="inline-flex h-9 items-center rounded-md px-3 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
                            {...named(t('offers.conversation'))}
                          >
                            {t('offers.conversation')}
                          </Link>
                        ) : canMessage ? (
                          <MessageBuyerButton dealId={offer.dealId} buyerId={offer.buyer.id} name={name} />
                        ) : (
                          <span className="inline-flex h-9 items-center px-3 text-xs text-slate-600">
                            {t('offers.noConversation')}
                          </span>
                        )}
                      </div>
                    </td>
                  </tr>
                  {panelOpen && value && (
                    <tr className="max-md:-mt-2 max-md:block">
                      <td colSpan={COLUMNS} className="px-3 pb-3 max-md:block">
                        <ValuePanel value={value} id={panelId} language={language} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              )
            })}
          </tbody>
        </table>
      </div>
      {decision?.kind === 'accept' && (
        <AcceptDialog
          offer={decision.offer}
          amount={amountText(decision.offer)}
          open={decision.open}
          onOpenChange={close}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
      {decision?.kind === 'decline' && (
        <DeclineDialog
          offer={decision.offer}
          amount={amountText(decision.offer)}
          open={decision.open}
          onOpenChange={close}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      )}
    </>
  )
}
