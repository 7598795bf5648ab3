import type { TFunction } from 'i18next'
import type { Offer } from '@/contract'
import { formatUsd } from '@/lib/format-currency'

/** Dollars as the offer holds them: whole dollars plain ($240,000), cents only when there are some. */
export const offerUsd = (value: number | null) =>
  formatUsd(value, { cents: value !== null && !Number.isInteger(value) })

/** "Cash offer of $240,000" / "Creative offer with a $20,000 entry fee", in the interface language. */
export function offerAmountText(t: TFunction<'dealDetail'>, offer: Pick<Offer, 'type' | 'purchasePrice' | 'entryFee'>) {
  return offer.type === 'cash'
    ? t('offer.amount.cash', { amount: offerUsd(offer.purchasePrice) })
    : t('offer.amount.creative', { amount: offerUsd(offer.entryFee) })
}
