import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldMessage } from '@/components/form/messages'
import { FieldError } from '@/components/ui/field'
import { listError } from './list-error'

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

/** A group bound to one field of a react-hook-form form; its error comes from that field. */
type GroupProps<T extends string, TValues extends FieldValues, TTransformed> = {
  control: Control<TValues, unknown, TTransformed>
  name: FieldPath<TValues>
  legend: string
  hint?: string
  options: readonly Option<T>[]
  /** Lays the options out in columns on wider screens. */
  columns?: 1 | 2 | 3
}

const columnClass = { 1: 'grid gap-2', 2: 'grid gap-2 sm:grid-cols-2', 3: 'grid gap-2 sm:grid-cols-3' }

function Group({
  legend,
  hint,
  message,
  columns = 2,
  children,
}: {
  legend: string
  hint?: string
  message?: string
  columns?: 1 | 2 | 3
  children: ReactNode
}) {
  const id = useId()
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

/** Several choices, any number of them: the field's value is the list of chosen options. */
export function CheckboxGroup<T extends string, TValues extends FieldValues, TTransformed>({
  control,
  name,
  options,
  ...props
}: GroupProps<T, TValues, TTransformed>) {
  const { t } = useTranslation('profile')
  const { field, fieldState } = useController({ control, name })
  const value = field.value as readonly T[]
  const toggle = (option: T, checked: boolean) =>
    field.onChange(checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option))
  return (
    // The list's own error (too many) or that of its first wrong item.
    <Group {...props} message={fieldMessage(t, listError(fieldState.error))}>
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
export function RadioGroup<T extends string, TValues extends FieldValues, TTransformed>({
  control,
  name,
  options,
  ...props
}: GroupProps<T, TValues, TTransformed>) {
  const { t } = useTranslation('profile')
  const base = useId()
  const { field, fieldState } = useController({ control, name })
  return (
    <Group {...props} message={fieldMessage(t, fieldState.error?.message)}>
      {options.map((option) => {
        const id = `${base}-${option.value}`
        return (
          <div key={option.value} className="flex items-center gap-3">
            <input
              id={id}
              type="radio"
              name={field.name}
              value={option.value}
              checked={field.value === option.value}
              onChange={() => field.onChange(option.value)}
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
