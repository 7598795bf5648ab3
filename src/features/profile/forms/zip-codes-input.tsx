import { forwardRef, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FieldError, inputClass } from '@/components/ui/field'
import { fieldMessage } from '@/components/form/messages'

const ZIP = /^\d{5}$/

type Props = {
  label: string
  hint?: string
  value: readonly string[]
  onChange: (value: string[]) => void
  max: number
  /** The message key shown when the list is full (`validation:buyBoxMaxZips`, …). */
  limitMessage: string
  /** An error from the form: the list's own, or the first of its items. */
  error?: string
  required?: boolean
}

/**
 * ZIP codes as removable chips. Typing or pasting one or several codes (separated by spaces or commas)
 * and pressing Enter or Add puts them in the list; a wrong code stays in the box with the reason, and
 * the list never grows past its limit.
 */
export const ZipCodesInput = forwardRef<HTMLInputElement, Props>(function ZipCodesInput(
  { label, hint, value, onChange, max, limitMessage, error, required },
  ref,
) {
  const { t } = useTranslation('profile')
  const id = useId()
  const [draft, setDraft] = useState('')
  const [localError, setLocalError] = useState<string>()
  const inputRef = useRef<HTMLInputElement | null>(null)
  const message = fieldMessage(t, localError ?? error)
  const describedBy = [`${id}-count`, hint ? `${id}-hint` : null, message ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')

  function add(): boolean {
    const codes = draft.split(/[\s,;]+/).filter(Boolean)
    if (codes.length === 0) return true
    const wrong = codes.find((code) => !ZIP.test(code))
    if (wrong) {
      setLocalError('validation:zipCode')
      return false
    }
    const next = [...value]
    for (const code of codes) if (!next.includes(code)) next.push(code)
    if (next.length > max) {
      setLocalError(limitMessage)
      return false
    }
    onChange(next)
    setDraft('')
    setLocalError(undefined)
    return true
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault()
      add()
    }
  }

  function remove(code: string) {
    onChange(value.filter((v) => v !== code))
    setLocalError(undefined)
    inputRef.current?.focus()
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </label>
      <div className="flex gap-2">
        <input
          ref={(node) => {
            inputRef.current = node
            if (typeof ref === 'function') ref(node)
            else if (ref) ref.current = node
          }}
          id={id}
          inputMode="numeric"
          autoComplete="off"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value)
            setLocalError(undefined)
          }}
          onKeyDown={onKeyDown}
          // A code typed but not added yet still counts when the person moves on (or presses Save).
          onBlur={() => ZIP.test(draft.trim()) && add()}
          placeholder={t('zip.placeholder')}
          aria-describedby={describedBy}
          aria-invalid={message ? true : undefined}
          className={inputClass('md', 'max-w-48')}
        />
        <Button variant="secondary" onClick={add}>
          {t('zip.add')}
        </Button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <p id={`${id}-count`} className="text-xs text-slate-600" aria-live="polite">
        {t('zip.count', { count: value.length, max })}
      </p>
      <FieldError id={`${id}-error`} announce>
        {message}
      </FieldError>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('zip.listLabel', { label })}>
          {value.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {code}
              <button
                type="button"
                onClick={() => remove(code)}
                aria-label={t('zip.remove', { code })}
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
