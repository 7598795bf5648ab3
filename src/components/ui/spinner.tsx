import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation()
  return (
    <span role="status" className={clsx('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
      />
      <span className="sr-only">{label ?? t('loading')}</span>
    </span>
  )
}

/**
 * What a page shows while its code, the session check or its data arrives. It fills the screen, so the footer
 * waits below the fold instead of painting above it and jumping down when the page comes (a layout shift).
 */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner />
    </div>
  )
}
