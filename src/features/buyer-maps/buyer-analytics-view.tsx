import { useTranslation } from 'react-i18next'
import type { BuyerAnalytics, BuyerFilters } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useBuyerAnalytics } from './buyer-maps-api'

type GroupKey = 'byState' | 'byPriceBucket' | 'byFinancingType' | 'byCreditRange' | 'byPropertyType'
const GROUPS: GroupKey[] = ['byState', 'byPriceBucket', 'byFinancingType', 'byCreditRange', 'byPropertyType']

/** The analytics tab: buyers by state, budget, financing, credit range and property type, as tables. */
export function BuyerAnalyticsView({ filters }: { filters: BuyerFilters }) {
  const { t } = useTranslation(['buyerMaps', 'values'])
  const analytics = useBuyerAnalytics(filters, true)
  if (analytics.isPending) return <Spinner />
  if (analytics.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-red-700">
        <p>{t('loadError')}</p>
        <Button onClick={() => void analytics.refetch()}>{t('retry')}</Button>
      </div>
    )
  }
  const data = analytics.data
  const keyLabel = (group: GroupKey, key: string) => {
    if (group === 'byPriceBucket') return t(`priceBuckets.${key}`)
    if (group === 'byFinancingType') return t(`values:financingTypes.${key}`)
    if (group === 'byCreditRange') return t(`values:creditScoreRanges.${key}`)
    if (group === 'byPropertyType') return t(`values:propertyTypes.${key}`)
    return key
  }
  return (
    <div className="grid gap-4">
      <p className="font-semibold text-slate-900">
        {data.total ? t('analytics.total', { count: data.total }) : t('analytics.fewTotal')}
      </p>
      <p className="text-sm text-slate-700">{t('analytics.suppressed')}</p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {GROUPS.map((group) => (
          <GroupTable
            key={group}
            title={t(`analytics.${group}`)}
            rows={data[group]}
            label={(key) => keyLabel(group, key)}
            total={data.total}
          />
        ))}
      </div>
    </div>
  )
}

function GroupTable({
  title,
  rows,
  label,
  total,
}: {
  title: string
  rows: BuyerAnalytics[GroupKey]
  label: (key: string) => string
  total: number
}) {
  const { t } = useTranslation('buyerMaps')
  return (
    <section className="rounded-lg border border-slate-200 p-3">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-base font-semibold text-slate-900">{title}</caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1">
              {t('analytics.group')}
            </th>
            <th scope="col" className="py-1 text-right">
              {t('analytics.buyers')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={2} className="py-1 text-slate-700">
                {t('analytics.none')}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-slate-100">
              <th scope="row" className="py-1 font-normal text-slate-800">
                {label(row.key)}
                {/* A bar the width of the group's share: the number beside it says the same without colour. */}
                <span
                  aria-hidden="true"
                  className="mt-1 block h-1.5 rounded bg-brand-600"
                  style={{ width: `${total ? Math.max(2, (row.count / total) * 100) : 0}%` }}
                />
              </th>
              <td className="py-1 text-right tabular-nums text-slate-900">{row.count.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
