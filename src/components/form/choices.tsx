import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { FieldError } from '@/components/ui/field'
import { useFieldMessage } from './messages'

export type Option<T extends string> = { value: T; label: string }

/** One checkbox with its label beside it; works with `register`. */
export const Checkbox = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode }
>(function Checkbox({ label, hint, ...props }, ref) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
        {...props}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  )
})

export type ChoiceGroupProps<T extends string> = {
  legend: string
  hint?: string
  /** A field error message as the resolver or the server left it; it is translated and announced. */
  error?: string
  options: readonly Option<T>[]
  /** Lays the options out in columns on wider screens. */
  columns?: 1 | 2 | 3
}

const columnClass = { 1: 'grid gap-2', 2: 'grid gap-2 sm:grid-cols-2', 3: 'grid gap-2 sm:grid-cols-3' }

function Group({
  legend,
  hint,
  error,
  columns = 2,
  children,
}: Omit<ChoiceGroupProps<string>, 'options'> & { children: ReactNode }) {
  const id = useId()
  const message = useFieldMessage()(error)
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy || undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div className={columnClass[columns]}>{children}</div>
      <FieldError id={`${id}-error`} announce>
        {message}
      </FieldError>
    </fieldset>
  )
}

/** Several choices, any number of them: the value is the list of chosen options. */
export function CheckboxGroup<T extends string>({
  options,
  value,
  onChange,
  ...props
}: ChoiceGroupProps<T> & { value: readonly T[]; onChange: (value: T[]) => void }) {
  const toggle = (option: T, checked: boolean) =>
    onChange(checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option))
  return (
    <Group {...props}>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={value.includes(option.value)}
          onChange={(event) => toggle(option.value, event.target.checked)}
        />
      ))}
    </Group>
  )
}

/** One choice out of a few, as radio buttons (arrow keys move between them); nothing chosen while blank. */
export function RadioGroup<T extends string>({
  name,
  options,
  value,
  onChange,
  ...props
}: ChoiceGroupProps<T> & { name: string; value: T | null | undefined; onChange: (value: T) => void }) {
  const base = useId()
  return (
    <Group {...props}>
      {options.map((option) => {
        const id = `${base}-${option.value}`
        return (
          <div key={option.value} className="flex items-center gap-3">
            <input
              id={id}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand-700"
            />
            <label htmlFor={id} className="text-sm text-slate-900">
              {option.label}
            </label>
          </div>
        )
      })}
    </Group>
  )
}
