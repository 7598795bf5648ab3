import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }

/**
 * Form messages are keys (`validation:…`, `signup:…`) from the schemas, or text the server already
 * translated; only keys go through t, so a server sentence with a colon is never read as a key.
 */
export function useMessage() {
  const { t } = useTranslation('signup')
  return (message: string | undefined) =>
    message && /^(validation|signup):[\w.]+$/.test(message) ? t(message) : message || undefined
}

/** A labelled control whose hint and error are tied to it with aria-describedby and aria-invalid. */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={clsx('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <div id={hintId} className="text-xs text-slate-600">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export const inputClass = (className?: string) =>
  clsx(
    'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 sm:text-sm',
    'aria-invalid:border-red-600 read-only:bg-slate-100 read-only:text-slate-700 disabled:bg-slate-100',
    className,
  )

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TextInput(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={inputClass(className)} {...props} />
})

/** A form-level error, announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </div>
  )
}
