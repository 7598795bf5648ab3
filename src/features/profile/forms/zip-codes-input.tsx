import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FieldError, inputClass } from '@/components/ui/field'
import { fieldMessage } from '@/components/form/messages'
import { RemovableChips } from './chips'
import { listError } from '@/components/form/list-error'

const ZIP = /^\d{5}$/

type Props<TValues extends FieldValues, TTransformed> = {
  /** The form and the field (a list of ZIP codes) the input edits; its error comes from that field. */
  control: Control<TValues, unknown, TTransformed>
  name: FieldPath<TValues>
  label: string
  hint?: string
  max: number
  /** The message key shown when the list is full (`validation:buyBoxMaxZips`, …). */
  limitMessage: string
  required?: boolean
}

/**
 * ZIP codes as removable chips. Typing or pasting one or several codes (separated by spaces or commas)
 * and pressing Enter or Add puts them in the list; a wrong code stays in the box with the reason, and
 * the list never grows past its limit.
 */
export function ZipCodesInput<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  hint,
  max,
  limitMessage,
  required,
}: Props<TValues, TTransformed>) {
  const { t } = useTranslation('profile')
  const id = useId()
  const [draft, setDraft] = useState('')
  const [localError, setLocalError] = useState<string>()
  const inputRef = useRef<HTMLInputElement | null>(null)
  const {
    field: { ref, value: fieldValue, onChange },
    fieldState,
  } = useController({ control, name })
  const value = fieldValue as readonly string[]
  // The list's own error (too many) or that of its first wrong item.
  const message = fieldMessage(t, localError ?? listError(fieldState.error))
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
            ref(node)
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
      <RemovableChips
        label={t('zip.listLabel', { label })}
        values={value}
        removeLabelOf={(code) => t('zip.remove', { code })}
        onRemove={remove}
      />
    </div>
  )
}
