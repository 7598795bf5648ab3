import { useId, type ReactNode } from 'react'
import { clsx } from 'clsx'

export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }

/** A labelled control whose hint and error are tied to it with aria-describedby. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string
  hint?: string
  /** Already translated. */
  error?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}

export const controlClass = (className?: string) =>
  clsx(
    'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500',
    'aria-invalid:border-red-600 disabled:bg-slate-100',
    className,
  )
