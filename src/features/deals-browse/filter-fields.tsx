import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '@/components/use-hydrated'
import { DEAL_CATEGORIES, PROPERTY_TYPES, PURCHASE_TYPES, USER_TAGS, zipCodeField } from '@/contract'
import { ROOM_MINIMUMS, type BrowsePatch, type BrowseState } from './browse-params'
import { CommitInput, parseAmount } from './commit-input'

export type FilterPatch = BrowsePatch

type FilterFieldsProps = { state: BrowseState; onChange: (patch: FilterPatch) => void }

/** 150000 → "150,000": easier to read back than a run of zeros, and parseAmount takes it again. */
const amountText = (value: number | undefined) => (value === undefined ? '' : value.toLocaleString('en-US'))

const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900'
const legendClass = 'mb-1 text-sm font-medium text-slate-800'

/** Every browse filter; the desktop panel and the mobile sheet both show this. */
export function FilterFields({ state, onChange }: FilterFieldsProps) {
  const { t, i18n } = useTranslation('dealsBrowse')
  const stateId = useId()
  const categoryId = useId()
  const states = Object.entries(i18n.getResourceBundle(i18n.resolvedLanguage ?? 'en', 'values')?.usStates ?? {}) as [
    string,
    string,
  ][]
  const amountError = (text: string) => (parseAmount(text) === null ? t('validation:expectedNumber') : null)
  const hydrated = useHydrated()

  return (
    // Disabled (every field inside) until the server's markup has come alive: see useHydrated.
    <fieldset disabled={!hydrated} className="grid min-w-0 gap-5">
      <div className="grid gap-1">
        <label htmlFor={stateId} className="text-sm font-medium text-slate-800">
          {t('filters.state')}
        </label>
        <select
          id={stateId}
          className={selectClass}
          value={state.state ?? ''}
          onChange={(event) => onChange({ state: event.target.value || undefined })}
        >
          <option value="">{t('filters.anyState')}</option>
          {states.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <CommitInput label={t('filters.city')} value={state.city ?? ''} onCommit={(city) => onChange({ city })} />
      <CommitInput
        label={t('filters.zipCode')}
        value={state.zipCode ?? ''}
        inputMode="numeric"
        validate={(text) => (zipCodeField.safeParse(text).success ? null : t('filters.zipCodeInvalid'))}
        onCommit={(zipCode) => onChange({ zipCode })}
      />
      <div className="grid gap-1">
        <label htmlFor={categoryId} className="text-sm font-medium text-slate-800">
          {t('filters.category')}
        </label>
        <select
          id={categoryId}
          className={selectClass}
          value={state.dealCategory ?? ''}
          onChange={(event) => onChange({ dealCategory: event.target.value || undefined })}
        >
          <option value="">{t('filters.anyCategory')}</option>
          {DEAL_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`values:dealCategories.${category}`)}
            </option>
          ))}
        </select>
      </div>
      <CheckboxGroup
        legend={t('filters.purchaseType')}
        options={PURCHASE_TYPES.map((value) => ({ value, label: t(`values:purchaseTypes.${value}`) }))}
        selected={state.purchaseType}
        onChange={(purchaseType) => onChange({ purchaseType })}
      />
      <CheckboxGroup
        legend={t('filters.propertyType')}
        options={PROPERTY_TYPES.map((value) => ({ value, label: t(`values:propertyTypes.${value}`) }))}
        selected={state.propertyType}
        onChange={(propertyType) => onChange({ propertyType })}
      />
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className={legendClass}>{t('filters.price')}</legend>
        <CommitInput
          label={t('filters.minPrice')}
          value={amountText(state.minPrice)}
          inputMode="numeric"
          validate={amountError}
          onCommit={(text) => onChange({ minPrice: parseAmount(text) ?? undefined })}
        />
        <CommitInput
          label={t('filters.maxPrice')}
          value={amountText(state.maxPrice)}
          inputMode="numeric"
          validate={(text) => {
            const amount = parseAmount(text)
            if (amount === null) return t('validation:expectedNumber')
            return state.minPrice !== undefined && amount < state.minPrice ? t('filters.maxBelowMin') : null
          }}
          onCommit={(text) => onChange({ maxPrice: parseAmount(text) ?? undefined })}
        />
      </fieldset>
      <RoomChoice legend={t('filters.beds')} value={state.minBeds} onChange={(minBeds) => onChange({ minBeds })} />
      <RoomChoice legend={t('filters.baths')} value={state.minBaths} onChange={(minBaths) => onChange({ minBaths })} />
      <CheckboxGroup
        legend={t('filters.tags')}
        options={USER_TAGS.map((value) => ({ value, label: t(`values:tags.${value}`) }))}
        selected={state.tags}
        onChange={(tags) => onChange({ tags })}
      />
    </fieldset>
  )
}

function CheckboxGroup<T extends string>({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string
  options: { value: T; label: string }[]
  selected: readonly T[]
  onChange: (next: T[]) => void
}) {
  return (
    <fieldset>
      <legend className={legendClass}>{legend}</legend>
      <div className="grid gap-1.5">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-400"
              checked={selected.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? options
                        .map((item) => item.value)
                        .filter((value) => value === option.value || selected.includes(value))
                    : selected.filter((value) => value !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Any, 1+, 2+, 3+, 4+ as radio buttons drawn as a segmented control (spec §9). */
function RoomChoice({
  legend,
  value,
  onChange,
}: {
  legend: string
  value: number | undefined
  onChange: (next: number | undefined) => void
}) {
  const { t } = useTranslation('dealsBrowse')
  const name = useId()
  const choices = [undefined, ...ROOM_MINIMUMS]
  return (
    <fieldset>
      <legend className={legendClass}>{legend}</legend>
      <div className="flex overflow-hidden rounded-md border border-slate-300">
        {choices.map((choice) => (
          <label
            key={choice ?? 'any'}
            className="flex-1 cursor-pointer border-r border-slate-300 text-center text-sm last:border-r-0 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span className="block py-2">
              {choice === undefined ? t('filters.any') : t('filters.atLeast', { count: choice })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
