import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { PASSWORD_RULES } from '@/components/form/password-rules'

/** The password policy as a checklist that ticks itself while the person types. */
export function PasswordChecklist({
  password,
  id,
  notMetLabel,
}: {
  password: string
  /** So a box can point at the checklist with aria-describedby. */
  id?: string
  /** What screen readers hear after a rule not met yet; "not yet" unless said. */
  notMetLabel?: string
}) {
  const { t } = useTranslation()
  return (
    <div id={id} className="grid gap-1">
      <p className="text-xs font-medium text-slate-700">{t('form.password.needs')}</p>
      <ul className="grid gap-1 sm:grid-cols-2">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password)
          return (
            <li
              key={rule.key}
              className={clsx('flex items-center gap-2 text-xs', met ? 'text-brand-800' : 'text-slate-600')}
            >
              <span
                aria-hidden="true"
                className={clsx(
                  'inline-flex size-4 items-center justify-center rounded-full border text-[10px] leading-none',
                  met ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400',
                )}
              >
                {met ? '✓' : ''}
              </span>
              <span>
                {t(`form.password.rules.${rule.key}`)}
                <span className="sr-only">
                  {' '}
                  ({met ? t('form.password.met') : (notMetLabel ?? t('form.password.notMet'))})
                </span>
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
