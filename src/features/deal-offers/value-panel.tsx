import { useTranslation } from 'react-i18next'
import type { LaterPayment, OfferValue } from '@/contract/deal-math/offer-value'
import { monthlyRate } from '@/contract/deal-math/amortization'
import { formatUsd } from '@/lib/format-currency'
import { formatRate } from '@/lib/format-rate'

/** Whole dollars for sums and present values; cents for a monthly payment, as the deal calculator shows them. */
export const dollars = (value: number) => formatUsd(value)
const withCents = (value: number) => formatUsd(value, { cents: true })

type Line = { key: string; label: string; note?: string; amount?: string; presentValue: string }

/** The value cell: the total (or "Unknown"), how much of it comes at close, and the panel's disclosure button. */
export function ValueSummary({
  value,
  panelId,
  open,
  onToggle,
}: {
  value: OfferValue
  panelId: string
  open: boolean
  onToggle: () => void
}) {
  const { t } = useTranslation('myListings')
  const unknown = t('offers.value.unknown')
  const money = (amount: number | null) => (amount === null ? unknown : dollars(amount))
  return (
    <span className="grid justify-items-end gap-0.5 md:justify-items-start">
      <span className="font-semibold whitespace-nowrap text-slate-900">{money(value.total)}</span>
      <span className="text-xs text-slate-600">
        {value.laterValue === 0
          ? t('offers.value.allAtClose')
          : t('offers.value.split', { atClose: money(value.atClose), later: money(value.laterValue) })}
      </span>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
        className="rounded text-xs font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {t('offers.value.show')}
      </button>
    </span>
  )
}

/** The worked numbers of one offer's value: each amount, when it comes and what it is worth at the rate. */
export function ValuePanel({ value, id, language }: { value: OfferValue; id: string; language: 'en' | 'es' }) {
  const { t } = useTranslation('myListings')
  const unknown = t('offers.value.unknown')
  const money = (amount: number | null) => (amount === null ? unknown : dollars(amount))
  const rate = value.discountRatePercent
  const atCloseLabel =
    value.kind === 'cash' && value.later.length === 0 && value.laterValue === 0
      ? t('offers.value.atClose.cash')
      : value.kind === 'LeaseOption'
        ? t('offers.value.atClose.LeaseOption')
        : t('offers.value.atClose.creative')
  const lines: Line[] = [{ key: 'atClose', label: atCloseLabel, presentValue: money(value.atClose) }]
  for (const stream of value.later) lines.push(lineOf(stream))

  const explanation =
    value.laterValue === null
      ? t('offers.value.unknownLater')
      : value.later.length > 0
        ? t('offers.value.formula')
        : value.kind === 'SubTo'
          ? t('offers.value.subTo')
          : t('offers.value.cash')

  function lineOf(stream: LaterPayment): Line {
    switch (stream.kind) {
      case 'notePayments':
        return {
          key: 'notePayments',
          label: t('offers.value.notePayments', { monthly: withCents(stream.monthly), count: stream.months }),
          note: t('offers.value.noteTerms', {
            principal: dollars(stream.principal),
            rate: formatRate(stream.ratePercent, language),
          }),
          presentValue: dollars(stream.pv),
        }
      case 'balloon':
        return {
          key: 'balloon',
          label: t('offers.value.balloon', { amount: dollars(stream.amount), month: stream.month }),
          presentValue: dollars(stream.pv),
        }
      case 'leasePayments':
        return {
          key: 'leasePayments',
          label: t('offers.value.leasePayments', { monthly: withCents(stream.monthly), count: stream.months }),
          presentValue: dollars(stream.pv),
        }
      case 'optionPrice':
        return {
          key: 'optionPrice',
          label: t('offers.value.optionPrice', { amount: dollars(stream.amount), month: stream.month }),
          note: t('offers.value.optionPriceNote'),
          presentValue: dollars(stream.pv),
        }
    }
  }

  return (
    <section id={id} aria-label={t('offers.value.panelTitle')} className="grid max-w-2xl gap-3 rounded-lg bg-slate-50 p-4">
      <h2 className="text-sm font-semibold text-slate-900">{t('offers.value.panelTitle')}</h2>
      <p className="text-sm text-slate-700">
        {t('offers.value.rate')}:{' '}
        <span className="font-semibold text-slate-900">
          {t('offers.value.rateValue', {
            annual: formatRate(rate, language),
            monthly: formatRate(monthlyRate(rate) * 100, language),
          })}
        </span>
      </p>
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between gap-4 border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <dt>{t('offers.value.amount')}</dt>
          <dd>{t('offers.value.presentValue')}</dd>
        </div>
        {lines.map((line) => (
          <div key={line.key} data-line={line.key} className="flex justify-between gap-4">
            <dt className="text-slate-800">
              {line.label}
              {line.note && <span className="block text-xs text-slate-600">{line.note}</span>}
            </dt>
            <dd className="font-medium whitespace-nowrap text-slate-900">{line.presentValue}</dd>
          </div>
        ))}
        <div data-line="total" className="flex justify-between gap-4 border-t border-slate-300 pt-2 font-semibold">
          <dt className="text-slate-900">{t('offers.value.total')}</dt>
          <dd className="whitespace-nowrap text-slate-900">{money(value.total)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-700">{explanation}</p>
    </section>
  )
}
