import { useId, type ReactNode } from 'react'
import { clsx } from 'clsx'

export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }

/** A labelled control whose hint and error are tied to it (aria-describedby) and marked aria-invalid. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  /** Already translated. */
  error?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export const inputClass = (className?: string) =>
  clsx(
    'w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900',
    'aria-invalid:border-red-600',
    className,
  )
