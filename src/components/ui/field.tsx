import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { fieldMessage } from '@/components/form/messages'

/** What a Field hands its control: the id its label points at, and the hint and error tied to it. */
export type FieldControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }

export type FieldProps = {
  /** The visible label, which also names the control. */
  label: ReactNode
  /** Beside the label, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode
  /** Help under the control (format, limits, a checklist), read with it through aria-describedby. */
  hint?: ReactNode
  /**
   * The field's error: a message key (`validation:required`, `validation:tooBigNumber?maximum=100`), which
   * is translated, text already translated (the server's), or markup.
   */
  error?: ReactNode
  /** Marks the label with an asterisk, and says "(required)" to screen readers. */
  required?: boolean
  /**
   * Speaks the error as soon as it appears (role="alert"). Leave it off where submitting moves focus to
   * the first invalid field, which reads its error already, and a form-level alert must be the only one.
   */
  announceError?: boolean
  /** Adds to the wrapper's classes (grid placement, width). */
  className?: string
  /** Renders the control, spreading what it is handed so the label, hint and error point at it. */
  children: (control: FieldControlProps) => ReactNode
}

/** A labelled control whose hint and error are tied to it with aria-describedby and aria-invalid. */
export function Field({ label, labelAside, hint, error, required, announceError, className, children }: FieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const message = typeof error === 'string' ? fieldMessage(t, error) : error
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined
  const labelElement = (
    <label htmlFor={id} className="text-sm font-medium text-slate-900">
      {label}
      {required && <span className="text-red-700"> *</span>}
      {required && <span className="sr-only"> {t('form.required')}</span>}
    </label>
  )
  return (
    <div className={clsx('grid content-start gap-1.5', className)}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': message ? true : undefined })}
      {hint && (
        <div id={hintId} className="text-xs text-slate-600">
          {hint}
        </div>
      )}
      <FieldError id={errorId} announce={announceError}>
        {message}
      </FieldError>
    </div>
  )
}

/** A field's error line, rendered only while it says something. */
export function FieldError({
  id,
  announce = false,
  children,
}: {
  id: string
  /** Speaks the error as soon as it appears (role="alert"). */
  announce?: boolean
  children: ReactNode
}) {
  if (!children) return null
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="text-sm font-medium text-red-700">
      {children}
    </p>
  )
}

/**
 * How tall a control is: `md` in the app's own pages; `lg` on the public sign-in and sign-up screens,
 * a bigger touch target with 16px text on phones (smaller text makes a phone zoom in on focus).
 */
export type ControlSize = 'md' | 'lg'

const controlSizes: Record<ControlSize, string> = {
  md: 'h-10 text-sm',
  lg: 'h-11 text-base sm:text-sm',
}

/** The look of a text box, select or textarea; `className` adds to it. */
export const inputClass = (size: ControlSize = 'md', className?: string) =>
  clsx(
    'w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900 placeholder:text-slate-500',
    controlSizes[size],
    'aria-invalid:border-red-600 disabled:bg-slate-100',
    className,
  )

/** The look of a text box, greyed while read-only (not for a select: it always matches :read-only). */
export const textInputClass = (size: ControlSize = 'md', className?: string) =>
  inputClass(size, clsx('read-only:bg-slate-100 read-only:text-slate-700', className))

/** `size` is taken by HTML (width in characters, rows of a list box): controls name theirs `controlSize`. */
export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  /** How tall the box is (`md` unless said). */
  controlSize?: ControlSize
}

export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { controlSize, className, ...props },
  ref,
) {
  return <input ref={ref} className={textInputClass(controlSize, className)} {...props} />
})

/** A 6-digit code box: numeric keyboard on phones, one-time-code autofill. */
export const CodeInput = forwardRef<HTMLInputElement, TextInputProps>(function CodeInput(
  { controlSize, className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      className={textInputClass(controlSize, clsx('font-mono tracking-[0.3em]', className))}
      {...props}
    />
  )
})

export type SelectInputProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & {
  /** How tall the select is (`md` unless said). */
  controlSize?: ControlSize
}

export const SelectInput = forwardRef<HTMLSelectElement, SelectInputProps>(function SelectInput(
  { controlSize, className, ...props },
  ref,
) {
  return <select ref={ref} className={inputClass(controlSize, className)} {...props} />
})
