import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { fieldMessage } from '@/components/form/messages'

export type FieldControlProps = {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: true
}

/**
 * A labelled form field: the hint and the error are tied to the control with aria-describedby, and the
 * control is marked aria-invalid while its error shows.
 */
export function Field({
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  /** A field error message as the resolver or the server left it. */
  error?: string
  required?: boolean
  className?: string
  children: (control: FieldControlProps) => ReactNode
}) {
  const { t } = useTranslation('dealForm')
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const message = fieldMessage(t, error)
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={clsx('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
        {required && <span className="text-red-700"> *</span>}
        {required && <span className="sr-only"> {t('form.required')}</span>}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': message ? true : undefined })}
      {hint && (
        <div id={hintId} className="text-xs text-slate-600">
          {hint}
        </div>
      )}
      <FieldError id={errorId} message={message} />
    </div>
  )
}

/** An error line; rendered with role="alert" only while it says something. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  )
}

export const inputClass = (className?: string) =>
  clsx(
    'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500',
    'aria-invalid:border-red-600 disabled:bg-slate-100',
    className,
  )

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TextInput(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={inputClass(className)} {...props} />
})

export const SelectInput = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function SelectInput(
  { className, ...props },
  ref,
) {
  return <select ref={ref} className={inputClass(className)} {...props} />
})
