import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'

/** What a tab shows while its saved data loads, or when loading it failed. */
export function SectionLoading({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation('profile')
  if (!isError) return <Spinner />
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="text-sm text-red-800">{t('errors.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('form.retry')}
      </Button>
    </div>
  )
}
