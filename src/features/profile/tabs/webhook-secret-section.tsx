import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WebhookSecret, WebhookSettings } from '@/contract'
import { Button } from '@/components/ui/button'
import { inputClass } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { useFormatDate } from '@/i18n/use-format-date'
import { useRotateWebhookSecret } from '../webhook-api'

async function copyToClipboard(text: string) {
  // Older browsers and insecure origins have no clipboard API: that is a copy failure, not a crash.
  if (!navigator.clipboard) throw new Error('Clipboard unavailable')
  await navigator.clipboard.writeText(text)
}

/** The signing secret: whether one exists, and a new one shown once with a copy button. */
export function SecretSection({ saved }: { saved: WebhookSettings }) {
  const { t } = useTranslation('profile')
  const formatDate = useFormatDate()
  const secretId = useId()
  const [shown, setShown] = useState<WebhookSecret | null>(null)
  const rotate = useRotateWebhookSecret({
    onError: () => toast({ title: t('integrations.secretFailed'), variant: 'destructive' }),
  })

  const copy = async (secret: string) => {
    try {
      await copyToClipboard(secret)
      toast({ title: t('integrations.copied'), variant: 'success' })
    } catch {
      toast({ title: t('integrations.copyFailed'), variant: 'destructive' })
    }
  }

  return (
    <section
      aria-labelledby={`${secretId}-title`}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${secretId}-title`} className="text-base font-semibold text-slate-900">
        {t('integrations.secretTitle')}
      </h2>
      <p className="-mt-2 text-sm text-slate-600">{t('integrations.secretDescription')}</p>
      <p className="text-sm text-slate-800">
        {saved.hasSecret && saved.secretCreatedAt
          ? t('integrations.secretExists', { date: formatDate(saved.secretCreatedAt, 'dateTime') })
          : t('integrations.noSecret')}
      </p>
      {shown && (
        <div role="status" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="text-sm font-semibold">{t('integrations.secretOnce')}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={secretId}
              readOnly
              value={shown.secret}
              aria-label={t('integrations.secretLabel')}
              onFocus={(event) => event.currentTarget.select()}
              className={inputClass('md', 'font-mono text-xs')}
            />
            <Button
              variant="secondary"
              className="shrink-0"
              aria-describedby={secretId}
              onClick={() => void copy(shown.secret)}
            >
              {t('integrations.copy')}
            </Button>
          </div>
          <div>
            <Button variant="ghost" size="sm" onClick={() => setShown(null)}>
              {t('integrations.secretDone')}
            </Button>
          </div>
        </div>
      )}
      <div>
        <Button
          variant={saved.hasSecret ? 'secondary' : 'primary'}
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(undefined, { onSuccess: setShown })}
        >
          {saved.hasSecret ? t('integrations.rotateSecret') : t('integrations.generateSecret')}
        </Button>
      </div>
    </section>
  )
}
