import { forwardRef, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldError, inputClass } from '@/components/ui/field'
import { fieldMessage } from '@/components/form/messages'
import { useStateOptions } from './options'

type Props = {
  label: string
  hint?: string
  value: readonly string[]
  onChange: (value: string[]) => void
  error?: string
  required?: boolean
}

/** Several US states: pick one at a time from a list, each shown as a removable chip. */
export const StatesPicker = forwardRef<HTMLSelectElement, Props>(function StatesPicker(
  { label, hint, value, onChange, error, required },
  ref,
) {
  const { t } = useTranslation('profile')
  const id = useId()
  const options = useStateOptions()
  const message = fieldMessage(t, error)
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
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('form.chosen', { label })}>
          {value.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {nameOf(code)}
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== code))}
                aria-label={t('form.remove', { name: nameOf(code) })}
                className="rounded-full px-1.5 text-brand-800 hover:bg-brand-100"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})
