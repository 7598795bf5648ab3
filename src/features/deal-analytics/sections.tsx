import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FUNNEL_STEPS, type DealAnalytics, type MatchBands } from '@/contract'
import { formatUsd } from '@/lib/format-currency'
import { formatDate } from '@/lib/format-date'
import { formatFractionAsRate } from '@/lib/format-rate'

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

const cell = 'px-3 py-2'
const numeric = `${cell} text-right tabular-nums`

/** Each step's total and its conversion from the step before it. */
export function FunnelSection({ analytics }: { analytics: DealAnalytics }) {
  const { t, i18n } = useTranslation('dealAnalytics')
  const language = i18n.language?.startsWith('es') ? 'es' : 'en'
  return (
    <Section title={t('funnel.heading')}>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={cell}>
              {t('funnel.step')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('funnel.count')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('funnel.conversion')}
            </th>
          </tr>
        </thead>
        <tbody>
          {FUNNEL_STEPS.map((step) => {
            const conversion = step === 'views' ? null : analytics.conversion[step]
            return (
              <tr key={step} className="border-t border-slate-100">
                <th scope="row" className={`${cell} font-medium`}>
                  {t(`steps.${step}`)}
                </th>
                <td className={numeric}>{analytics.totals[step]}</td>
                <td className={numeric}>
                  {conversion === null ? t('funnel.none') : formatFractionAsRate(conversion, language)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="text-sm text-slate-700">{t('funnel.viewsNote')}</p>
    </Section>
  )
}

/** How many priority buyers heard first, and when. */
export function PrioritySection({ analytics }: { analytics: DealAnalytics }) {
  const { t, i18n } = useTranslation('dealAnalytics')
  const { count, sentAt } = analytics.priorityNotification
  return (
    <Section title={t('priority.heading')}>
      <p className="text-sm text-slate-800">
        {sentAt
          ? t('priority.sent', { count, date: formatDate(sentAt, i18n.language, 'dateTime') })
          : t('priority.notSent')}
      </p>
    </Section>
  )
}

/** How many buyers match the listing in each score band (never who); nothing while they load or fail. */
export function BandsSection({ bands }: { bands: MatchBands | undefined }) {
  const { t } = useTranslation('dealAnalytics')
  if (!bands) return null
  return (
    <Section title={t('bands.heading')}>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={cell}>
              {t('bands.band')}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t('bands.buyers')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bands.bands.map((band) => (
            <tr key={band.min} className="border-t border-slate-100">
              <th scope="row" className={`${cell} font-medium`}>
                {t('bands.range', { min: band.min, max: band.max })}
              </th>
              <td className={numeric}>{band.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-700">{t('bands.scored', { count: bands.scoredBuyers })}</p>
    </Section>
  )
}

/** The listing beside the medians of similar live listings in its ZIP and its state. */
export function ComparisonSection({ analytics }: { analytics: DealAnalytics }) {
  const { t } = useTranslation('dealAnalytics')
  const { listing, zip, state } = analytics.comparison
  const money = (value: number | null) => (value === null ? t('comparison.none') : formatUsd(value))
  const days = (value: number | null) => (value === null ? t('comparison.none') : String(Math.round(value)))
  const rows = [
    { key: 'daysListed', values: [days(listing.daysListed), days(zip.medianDaysListed), days(state.medianDaysListed)] },
    { key: 'price', values: [money(listing.price), money(zip.medianPrice), money(state.medianPrice)] },
    { key: 'entryFee', values: [money(listing.entryFee), money(zip.medianEntryFee), money(state.medianEntryFee)] },
  ]
  return (
    <Section title={t('comparison.heading')}>
      {/* Scrolls sideways on a phone: focusable and named, so a keyboard user can scroll it too (axe). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll region must take focus */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('comparison.tableRegion')}>
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={cell}>
                {t('comparison.measure')}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t('comparison.thisListing')}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t('comparison.zip', { zip: zip.zipCode, count: zip.listings })}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t('comparison.state', { state: state.state, count: state.listings })}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th scope="row" className={`${cell} font-medium`}>
                  {t(`comparison.${row.key}`)}
                </th>
                {row.values.map((value, index) => (
                  <td key={index} className={numeric}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-700">{t('comparison.note')}</p>
    </Section>
  )
}
