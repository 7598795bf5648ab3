import { forwardRef, useState, type InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { inputClass } from './field'

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  /** Which box the toggle names: two boxes on one form need two distinct button names. */
  toggleFor?: 'password' | 'confirm'
}

/** A password box with a show/hide toggle, so people can check what they typed on a phone keyboard. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(function PasswordInput(
  { className, toggleFor = 'password', ...props },
  ref,
) {
  const { t } = useTranslation('auth')
  const [isVisible, setIsVisible] = useState(false)
  const action = isVisible ? 'hide' : 'show'
  return (
    <div className="relative">
      <input
        ref={ref}
        type={isVisible ? 'text' : 'password'}
        className={inputClass(`pr-20 ${className ?? ''}`)}
        {...props}
      />
      <button
        type="button"
        onClick={() => setIsVisible((value) => !value)}
        aria-label={t(`password.${action}.${toggleFor}`)}
        aria-controls={props.id}
        aria-pressed={isVisible}
        className="absolute inset-y-1 right-1 rounded px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50"
      >
        {t(`password.${action}.short`)}
      </button>
    </div>
  )
})
