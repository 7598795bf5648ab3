import { useId } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FieldError, inputClass } from '@/components/ui/field'
import { fieldMessage } from '@/components/form/messages'
import { RemovableChips } from './chips'
import { listError } from '@/components/form/list-error'
import { useStateOptions } from '@/components/form/options'

type Props<TValues extends FieldValues, TTransformed> = {
  /** The form and the field (a list of state codes) the picker edits; its error comes from that field. */
  control: Control<TValues, unknown, TTransformed>
  name: FieldPath<TValues>
  label: string
  hint?: string
  required?: boolean
}

/** Several US states: pick one at a time from a list, each shown as a removable chip. */
export function StatesPicker<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  hint,
  required,
}: Props<TValues, TTransformed>) {
  const { t } = useTranslation('profile')
  const id = useId()
  const options = useStateOptions()
  const {
    field: { ref, value: fieldValue, onChange },
    fieldState,
  } = useController({ control, name })
  const value = fieldValue as readonly string[]
  const message = fieldMessage(t, listError(fieldState.error))
  const nameOf = (code: string) => options.find((option) => option.value === code)?.label ?? code
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ')

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </label>
      <select
        ref={ref}
        id={id}
        value=""
        onChange={(event) => {
          const code = event.target.value
          if (code && !value.includes(code)) onChange([...value, code])
        }}
        aria-describedby={describedBy || undefined}
        aria-invalid={message ? true : undefined}
        className={inputClass('md', 'sm:max-w-xs')}
      >
        <option value="">{t('form.addState')}</option>
        {options
          .filter((option) => !value.includes(option.value))
          .map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} announce>
        {message}
      </FieldError>
      <RemovableChips
        label={t('form.chosen', { label })}
        values={value}
        textOf={nameOf}
        removeLabelOf={(code) => t('form.remove', { name: nameOf(code) })}
        onRemove={(code) => onChange(value.filter((v) => v !== code))}
      />
    </div>
  )
}
