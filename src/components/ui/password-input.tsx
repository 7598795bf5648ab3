import { forwardRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { textInputClass, type TextInputProps } from './field'

export type PasswordInputProps = Omit<TextInputProps, 'type'> & {
  /** Which box the toggle names: two boxes on one form need two distinct button names. */
  toggleFor?: 'password' | 'confirm'
}

/**
 * A password box with a show/hide toggle, so people can check what they typed on a phone keyboard. The
 * toggle's name says what it will do ("Show password", "Hide password").
 */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { controlSize, className, toggleFor = 'password', ...props },
  ref,
) {
  const { t } = useTranslation()
  const [isVisible, setIsVisible] = useState(false)
  const action = isVisible ? 'hide' : 'show'
  return (
    <div className="relative">
      <input
        ref={ref}
        type={isVisible ? 'text' : 'password'}
        className={textInputClass(controlSize, clsx('pr-20', className))}
        {...props}
      />
      <button
        type="button"
        onClick={() => setIsVisible((value) => !value)}
        aria-label={t(`form.password.${action}.${toggleFor}`)}
        aria-controls={props.id}
        className="absolute inset-y-1 right-1 rounded px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t(`form.password.${action}.short`)}
      </button>
    </div>
  )
})
