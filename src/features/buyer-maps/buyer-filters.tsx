import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { BUYER_PRICE_BUCKETS, BuyerFiltersSchema, FINANCING_TYPES, ROOM_MINIMUMS, type BuyerFilters } from '@/contract'
import { formErrorMap } from '@/components/form/messages'
import { Field, SelectInput, TextInput } from '@/components/ui/field'
import { Button } from '@/components/ui/button'

/** The URL's filters (`?priceBucket=to500k&minBeds=3…`), anything unreadable dropped. */
export function filtersFrom(search: URLSearchParams): BuyerFilters {
  const raw = Object.fromEntries([...search.entries()].filter(([key]) => key !== 'tab'))
  const parsed = BuyerFiltersSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  // Keep the readable ones: each on its own (the radius needs both halves).
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (BuyerFiltersSchema.safeParse({ ...kept, [key]: value }).success) kept[key] = value
  }
  return BuyerFiltersSchema.parse(kept)
}

type Props = { filters: BuyerFilters; onChange: (filters: BuyerFilters) => void }

/**
 * Budget, bedrooms, bathrooms and financing apply as they are chosen; the radius (a ZIP code and miles, both
 * or neither) applies with its button, each half's message at its field.
 */
export function BuyerFilterForm({ filters, onChange }: Props) {
  const { t } = useTranslation(['buyerMaps', 'values'])
  const [radiusZip, setRadiusZip] = useState(filters.radiusZip ?? '')
  const [radiusMiles, setRadiusMiles] = useState(filters.radiusMiles ? String(filters.radiusMiles) : '')
  const [errors, setErrors] = useState<Record<string, string>>({})

  const choose = (key: 'priceBucket' | 'minBeds' | 'minBaths' | 'financingType', value: string) => {
    const next: Record<string, unknown> = { ...filters, [key]: value || undefined }
    onChange(BuyerFiltersSchema.parse(next))
  }
  const applyRadius = (event: FormEvent) => {
    event.preventDefault()
    const parsed = BuyerFiltersSchema.safeParse(
      { ...filters, radiusZip: radiusZip.trim() || undefined, radiusMiles: radiusMiles.trim() || undefined },
      { error: formErrorMap },
    )
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      return
    }
    setErrors({})
    onChange(parsed.data)
  }
  const clear = () => {
    setRadiusZip('')
    setRadiusMiles('')
    setErrors({})
    onChange({})
  }

  return (
    <form
      onSubmit={applyRadius}
      noValidate
      aria-label={t('filters.legend')}
      className="grid gap-3 sm:grid-cols-3 lg:grid-cols-7 lg:items-end"
    >
      <Field label={t('filters.priceBucket')}>
        {(control) => (
          <SelectInput
            {...control}
            value={filters.priceBucket ?? ''}
            onChange={(event) => choose('priceBucket', event.target.value)}
          >
            <option value="">{t('filters.anyPrice')}</option>
            {BUYER_PRICE_BUCKETS.map((bucket) => (
              <option key={bucket} value={bucket}>
                {t(`priceBuckets.${bucket}`)}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      {(['minBeds', 'minBaths'] as const).map((key) => (
        <Field key={key} label={t(`filters.${key}`)}>
          {(control) => (
            <SelectInput {...control} value={filters[key] ?? ''} onChange={(event) => choose(key, event.target.value)}>
              <option value="">{t('filters.anyRooms')}</option>
              {ROOM_MINIMUMS.map((count) => (
                <option key={count} value={count}>
                  {t('filters.roomsAtLeast', { count })}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
      ))}
      <Field label={t('filters.financingType')}>
        {(control) => (
          <SelectInput
            {...control}
            value={filters.financingType ?? ''}
            onChange={(event) => choose('financingType', event.target.value)}
          >
            <option value="">{t('filters.anyFinancing')}</option>
            {FINANCING_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`values:financingTypes.${type}`)}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      <Field label={t('filters.radiusZip')} error={errors.radiusZip}>
        {(control) => (
          <TextInput
            {...control}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={radiusZip}
            onChange={(event) => setRadiusZip(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('filters.radiusMiles')} error={errors.radiusMiles}>
        {(control) => (
          <TextInput
            {...control}
            inputMode="numeric"
            value={radiusMiles}
            onChange={(event) => setRadiusMiles(event.target.value)}
          />
        )}
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit">{t('filters.apply')}</Button>
        <button type="button" onClick={clear} className="text-sm font-semibold text-brand-700 underline">
          {t('filters.clear')}
        </button>
      </div>
    </form>
  )
}
