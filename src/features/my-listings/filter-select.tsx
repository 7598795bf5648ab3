const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900'

/** A labelled filter of the listings: all of them (an empty value) or those with one of `values`. */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  values,
  optionLabel,
  value,
  onChange,
}: {
  label: string
  /** The first option, which clears the filter. */
  allLabel: string
  values: readonly T[]
  optionLabel: (value: T) => string
  value: T | undefined
  /** Called with the chosen value, or '' for all. */
  onChange: (value: string) => void
}) {
  return (
    <label className="grid gap-1 text-sm font-medium text-slate-900">
      {label}
      <select className={selectClass} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {values.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  )
}
