import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#135a3e" />
      <path d="M16 6 6 14v12h7v-7h6v7h7V14z" fill="#fff" />
      <circle cx="16" cy="15" r="2.2" fill="#135a3e" />
    </svg>
  )
}

/** The logo links home (spec §2). The wordmark hides on very narrow screens when asked to. */
export function Logo({ compact = false, inverted = false }: { compact?: boolean; inverted?: boolean }) {
  const { t } = useTranslation()
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md" aria-label={t('nav.homeLink')}>
      <LogoMark />
      <span
        className={clsx(
          'text-lg font-bold tracking-tight',
          inverted ? 'text-white' : 'text-brand-900',
          compact && 'hidden sm:inline',
        )}
      >
        {t('app.name')}
      </span>
    </Link>
  )
}
