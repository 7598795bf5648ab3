import { useState, type FormEvent, type ReactNode } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { zipCodeField, type ZipDemand } from '@/contract'
import { usePageTitle } from '@/components/page-title'
import { Button } from '@/components/ui/button'
import { Field, SelectInput, TextInput } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format-date'
import { formatUsd } from '@/lib/format-currency'
import { useZipAnalytics } from './buyer-maps-api'
import { zipAnalyticsPath } from './paths'

const RADII = [5, 10, 25, 50, 100] as const

/** `/zip/:zipCode/analytics`: a ZIP code's buyer demand, its radius's, and its live listings; public. */
export function ZipAnalyticsPage() {
  const { zipCode = '' } = useParams()
  const { t } = useTranslation('buyerMaps')
  const [search, setSearch] = useSearchParams()
  const radius = RADII.find((miles) => String(miles) === search.get('radius'))
  const valid = zipCodeField.safeParse(zipCode).success
  usePageTitle(t('zip.title', { zip: zipCode }))

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold text-slate-900">{t('zip.title', { zip: zipCode })}</h1>
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t('zip.radius')}>
          {(control) => (
            <SelectInput
              {...control}
              value={radius ?? ''}
              onChange={(event) =>
                setSearch(event.target.value ? { radius: event.target.value } : {}, { replace: true, flushSync: true })
              }
            >
              <option value="">{t('zip.radiusNone')}</option>
              {RADII.map((miles) => (
                <option key={miles} value={miles}>
                  {miles}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <OtherZip key={zipCode} />
      </div>
      {valid ? <ZipFigures zipCode={zipCode} radius={radius} /> : <p role="alert">{t('zip.badZip')}</p>}
    </div>
  )
}

function OtherZip() {
  const { t } = useTranslation('buyerMaps')
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string>()
  const go = (event: FormEvent) => {
    event.preventDefault()
    if (!zipCodeField.safeParse(value.trim()).success) return setError(t('zip.badZip'))
    setError(undefined)
    void navigate(zipAnalyticsPath(value.trim()))
  }
  return (
    <form onSubmit={go} noValidate className="flex items-end gap-2">
      <Field label={t('zip.otherZip')} error={error}>
        {(control) => (
          <TextInput
            {...control}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit">{t('zip.go')}</Button>
    </form>
  )
}

function ZipFigures({ zipCode, radius }: { zipCode: string; radius: number | undefined }) {
  const { t } = useTranslation('buyerMaps')
  const analytics = useZipAnalytics(zipCode, radius)
  if (analytics.isPending) return <Spinner />
  if (analytics.isError)
    return (
      <p role="alert" className="text-red-700">
        {t('zip.loadError')}
      </p>
    )
  const data = analytics.data
  return (
    <>
      {data.city && data.state && (
        <p className="-mt-4 text-slate-700">{t('zip.place', { city: data.city, state: data.state })}</p>
      )}
      <DemandFigures title={t('zip.buyers')} demand={data} />
      {data.radius && (
        <DemandFigures
          title={`${t('zip.radiusTitle', { miles: data.radius.miles })} (${t('zip.radiusZips', { count: data.radius.zipCount })})`}
          demand={data.radius}
        />
      )}
      <Figures title={t('zip.listingsTitle', { zip: zipCode })}>
        <Figure label={t('zip.listingCount')}>{data.listings.count.toLocaleString('en-US')}</Figure>
        <Figure label={t('zip.medianPrice')}>{formatUsd(data.listings.medianPrice) || t('zip.noValue')}</Figure>
        <Figure label={t('zip.medianEntryFee')}>{formatUsd(data.listings.medianEntryFee) || t('zip.noValue')}</Figure>
      </Figures>
    </>
  )
}

function DemandFigures({ title, demand }: { title: string; demand: ZipDemand }) {
  const { t, i18n } = useTranslation('buyerMaps')
  const withheld = demand.avgDownPayment === null || demand.avgMonthlyPayment === null
  const average = (value: number | null) => (value === null ? t('zip.withheld') : formatUsd(value))
  return (
    <Figures title={title} note={withheld && demand.buyerCount > 0 ? t('zip.withheldWhy') : undefined}>
      <Figure label={t('zip.buyerCount')}>{demand.buyerCount.toLocaleString('en-US')}</Figure>
      <Figure label={t('zip.avgDownPayment')}>{average(demand.avgDownPayment)}</Figure>
      <Figure label={t('zip.avgMonthlyPayment')}>{average(demand.avgMonthlyPayment)}</Figure>
      <Figure label={t('zip.lastUpdated')}>
        {demand.lastUpdated ? formatDate(demand.lastUpdated, i18n.language) : t('zip.never')}
      </Figure>
    </Figures>
  )
}

function Figures({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</dl>
      {note && <p className="text-sm text-slate-700">{note}</p>}
    </section>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  )
}
