import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('training')
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
      <p className="font-medium">{t('loadFailed')}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  )
}
