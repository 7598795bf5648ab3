import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

/** The contract's password policy (spec §5), as rules that tick themselves while the person types. */
export const PASSWORD_RULES = [
  { key: 'length', test: (value: string) => value.length >= 8 },
  { key: 'upper', test: (value: string) => /[A-Z]/.test(value) },
  { key: 'lower', test: (value: string) => /[a-z]/.test(value) },
  { key: 'number', test: (value: string) => /\d/.test(value) },
  { key: 'special', test: (value: string) => /[^A-Za-z0-9]/.test(value) },
] as const

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth')
  return (
    <div id={id} className="grid gap-1">
      <p className="text-xs font-medium text-slate-700">{t('password.needs')}</p>
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
                {t(`password.rules.${rule.key}`)}
                <span className="sr-only"> ({met ? t('password.met') : t('password.notMet')})</span>
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
