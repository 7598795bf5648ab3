import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { isApiError } from '@/api/errors'
import type { WebhookDelivery, WebhookSettings } from '@/contract'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useFormatDate } from '@/i18n/use-format-date'
import { useSendWebhookTest, useWebhookDeliveries } from '../webhook-api'

/** Send test, and the last 20 deliveries with their outcome. */
export function DeliveriesSection({ saved }: { saved: WebhookSettings }) {
  const { t } = useTranslation('profile')
  const titleId = useId()
  const deliveries = useWebhookDeliveries()
  const ready = Boolean(saved.url) && saved.hasSecret
  const test = useSendWebhookTest({
    onError: (error) =>
      toast({
        title: t('integrations.testFailed'),
        description: isApiError(error) && error.status < 500 ? error.message : t('errors.tryAgain'),
        variant: 'destructive',
      }),
  })

  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t('integrations.deliveriesTitle')}
      </h2>
      <p className="-mt-2 text-sm text-slate-600">{t('integrations.deliveriesDescription')}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={!ready || test.isPending}
          aria-describedby={ready ? undefined : `${titleId}-not-ready`}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: () => toast({ title: t('integrations.testQueued'), variant: 'success' }),
            })
          }
        >
          {test.isPending ? t('form.sending') : t('integrations.sendTest')}
        </Button>
        <Button variant="secondary" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
          {t('integrations.refresh')}
        </Button>
      </div>
      {!ready && (
        <p id={`${titleId}-not-ready`} className="text-sm text-slate-600">
          {t('integrations.notReady')}
        </p>
      )}
      {deliveries.isPending ? (
        <Spinner />
      ) : deliveries.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('integrations.deliveriesFailed')}
        </p>
      ) : deliveries.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('integrations.noDeliveries')}</p>
      ) : (
        <DeliveryTable items={deliveries.data.items} />
      )}
    </section>
  )
}

const STATUS_STYLES: Record<WebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
  pending: 'bg-amber-50 text-amber-950 ring-amber-200',
}

function DeliveryTable({ items }: { items: WebhookDelivery[] }) {
  const { t } = useTranslation('profile')
  const formatDate = useFormatDate()
  return (
    <div className="-mx-2 overflow-x-auto sm:mx-0">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('integrations.deliveriesTitle')}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-2 font-medium">
              {t('integrations.columns.event')}
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {t('integrations.columns.result')}
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {t('integrations.columns.statusCode')}
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {t('integrations.columns.attempts')}
            </th>
            <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">
              {t('integrations.columns.time')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => {
            const at = item.lastAttemptAt ?? item.createdAt
            return (
              <tr key={item.id}>
                <td className="px-2 py-2">
                  <span className="font-mono text-xs whitespace-nowrap text-slate-900">{item.type}</span>
                  {/* On a phone the time goes under the event (its own column is left out). */}
                  <time dateTime={at} className="block text-xs text-slate-600 sm:hidden">
                    {formatDate(at, 'dateTime')}
                  </time>
                </td>
                <td className="px-2 py-2">
                  <span
                    className={clsx(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1',
                      STATUS_STYLES[item.status],
                    )}
                  >
                    {t(`integrations.status.${item.status}`)}
                  </span>
                  {item.lastError && item.status !== 'delivered' && (
                    <span className="block pt-0.5 text-xs text-slate-600">
                      {t(`integrations.errors.${item.lastError}`)}
                    </span>
                  )}
                  {item.status === 'pending' && item.attempts > 0 && item.nextAttemptAt && (
                    <span className="block text-xs text-slate-600">
                      {t('integrations.nextTry', { time: formatDate(item.nextAttemptAt, 'dateTime') })}
                    </span>
                  )}
                </td>
                <td className="px-2 py-2 tabular-nums">{item.lastStatusCode ?? '—'}</td>
                <td className="px-2 py-2 tabular-nums">{item.attempts}</td>
                <td className="hidden px-2 py-2 sm:table-cell">
                  <time dateTime={at}>{formatDate(at, 'dateTime')}</time>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
