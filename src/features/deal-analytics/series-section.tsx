import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FUNNEL_STEPS, type DealAnalytics } from '@/contract'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format-date'
import { saveFile } from '@/lib/save-file'
import { seriesCsv } from './csv'
import { SeriesChart } from './series-chart'

type Period = 'daily' | 'weekly'
const PERIODS: readonly Period[] = ['daily', 'weekly']

const dayLabel = (day: string, language: string) => formatDate(day, language)

/** The funnel's steps over time, by day or by week: a chart, its table view, and the CSV of its numbers. */
export function SeriesSection({ analytics }: { analytics: DealAnalytics }) {
  const { t, i18n } = useTranslation('dealAnalytics')
  const [period, setPeriod] = useState<Period>('daily')
  const headingId = useId()
  const points = analytics[period]
  const labels = useMemo(() => Object.fromEntries(FUNNEL_STEPS.map((step) => [step, t(`steps.${step}`)])), [t])
  const firstColumn = period === 'daily' ? t('series.day') : t('series.week')

  const downloadCsv = () => {
    const csv = seriesCsv(points, [firstColumn, ...FUNNEL_STEPS.map((step) => labels[step]!)])
    saveFile(new File([csv], t('series.csvName', { period }), { type: 'text/csv;charset=utf-8' }))
  }

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('series.heading')}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t('series.period')}</legend>
            {PERIODS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input
                  type="radio"
                  name={`${headingId}-period`}
                  value={value}
                  checked={period === value}
                  onChange={() => setPeriod(value)}
                  className="sr-only"
                />
                {t(`series.${value}`)}
              </label>
            ))}
          </fieldset>
          <Button variant="secondary" size="sm" onClick={downloadCsv}>
            {t('series.downloadCsv')}
          </Button>
        </div>
      </div>
      <figure className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <div
          role="img"
          aria-label={t('series.chartLabel', {
            steps: FUNNEL_STEPS.map((step) => labels[step]).join(', '),
            period: t(`series.${period}`),
          })}
        >
          <SeriesChart points={points} labels={labels} />
        </div>
        <details className="rounded-md border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-brand-800">
            {t('series.tableView')}
          </summary>
          {/* Scrolls by keyboard too: focusable, named by the table it holds. */}
          <div
            className="max-h-96 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            // A scrollable region must take keyboard focus (WCAG 2.1.1; axe scrollable-region-focusable).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            role="region"
            aria-label={`${t('series.heading')}: ${t(`series.${period}`)}`}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{`${t('series.heading')}: ${t(`series.${period}`)}`}</caption>
              <thead className="sticky top-0 bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {firstColumn}
                  </th>
                  {FUNNEL_STEPS.map((step) => (
                    <th key={step} scope="col" className="px-3 py-2 text-right font-semibold">
                      {labels[step]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.start} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {dayLabel(point.start, i18n.language)}
                    </th>
                    {FUNNEL_STEPS.map((step) => (
                      <td key={step} className="px-3 py-1.5 text-right tabular-nums">
                        {point[step]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>
    </section>
  )
}
