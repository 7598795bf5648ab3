import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }

/**
 * Form messages are keys (`validation:…`, `auth:…`) from the schemas, or text already translated; only keys
 * go through t, so a sentence with a colon is never read as a key.
 */
export function useMessage() {
  const { t } = useTranslation('auth')
  return (message: string | undefined) =>
    message && /^(validation|auth):[\w.]+$/.test(message) ? t(message) : message || undefined
}

/** A labelled control whose hint and error are tied to it with aria-describedby and aria-invalid. */
export function Field({
  label,
  labelAside,
  hint,
  error,
  children,
}: {
  label: ReactNode
  /** Beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode
  hint?: ReactNode
  error?: ReactNode
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {labelAside}
      </div>
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

/** A 6-digit code box: numeric keyboard on phones, one-time-code autofill. */
export const CodeInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function CodeInput(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className={inputClass(clsx('font-mono tracking-[0.3em]', className))}
      {...props}
    />
  )
})

/** A form-level error, announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </div>
  )
}

/** Good news (code sent, password reset), announced politely. */
export function FormNotice({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <div role="status" className="grid gap-1 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
      {children}
    </div>
  )
}

/** A button that reads like a link, for switching between sign-in modes without leaving the page. */
export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="text-sm font-medium text-brand-800 underline hover:text-brand-900"
    >
      {children}
    </button>
  )
}
