/** Chosen values as chips, each with a button that removes it; nothing while the list is empty. */
export function RemovableChips({
  label,
  values,
  textOf = (value) => value,
  removeLabelOf,
  onRemove,
}: {
  /** Names the list for screen readers ("Chosen: States"). */
  label: string
  values: readonly string[]
  /** What a chip shows; the value itself unless said. */
  textOf?: (value: string) => string
  /** Names a chip's remove button ("Remove Texas"). */
  removeLabelOf: (value: string) => string
  onRemove: (value: string) => void
}) {
  if (values.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {values.map((value) => (
        <li
          key={value}
          className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
        >
          {textOf(value)}
          <button
            type="button"
            onClick={() => onRemove(value)}
            aria-label={removeLabelOf(value)}
            className="rounded-full px-1.5 text-brand-800 hover:bg-brand-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
