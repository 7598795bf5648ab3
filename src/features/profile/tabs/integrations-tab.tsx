import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { isApiError } from '@/api/errors'
import {
  WebhookSettingsInputSchema,
  type WebhookDelivery,
  type WebhookSecret,
  type WebhookSettings,
  type WebhookSettingsInput,
} from '@/contract'
import { contractResolver } from '@/components/form/resolver'
import { FormSection } from '@/components/form/form-section'
import { Button } from '@/components/ui/button'
import { Field, inputClass, TextInput } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { useFormatDate } from '@/i18n/use-format-date'
import { SaveButton } from '../forms/save-button'
import { reportSaveError } from '../save-errors'
import {
  useRotateWebhookSecret,
  useSaveWebhookSettings,
  useSendWebhookTest,
  useWebhookDeliveries,
  useWebhookSettings,
} from '../webhook-api'
import { SectionLoading } from './section-state'

type WebhookValues = { enabled: boolean; url: string }

/**
 * Integrations (sellers, admins and owners): the offer webhook. Where offer events go and whether they do,
 * the signing secret (shown once when made), a test event and the last 20 deliveries.
 */
export function IntegrationsTab() {
  const settings = useWebhookSettings()
  if (settings.isPending || settings.isError)
    return <SectionLoading isError={settings.isError} onRetry={() => void settings.refetch()} />
  return (
    <div className="grid gap-6">
      <WebhookForm saved={settings.data} />
      <SecretSection saved={settings.data} />
      <DeliveriesSection saved={settings.data} />
    </div>
  )
}

function WebhookForm({ saved }: { saved: WebhookSettings }) {
  const { t } = useTranslation('profile')
  const switchLabel = useId()
  const { control, register, handleSubmit, formState, setError, reset } = useForm<
    WebhookValues,
    unknown,
    WebhookSettingsInput
  >({
    defaultValues: { enabled: saved.enabled, url: saved.url ?? '' },
    resolver: contractResolver(WebhookSettingsInputSchema),
  })
  const save = useSaveWebhookSettings({
    onError: (error) => reportSaveError(error, { t, failure: 'profileUpdateFailed', setError, fields: ['url'] }),
  })

  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      (result) => {
        reset({ enabled: result.enabled, url: result.url ?? '' })
        toast({ title: t('saved.title'), description: t('integrations.saved'), variant: 'success' })
      },
      () => undefined,
    ),
  )

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormSection title={t('integrations.title')} description={t('integrations.description')}>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
              <div className="grid gap-0.5">
                <span id={switchLabel} className="font-medium text-slate-900">
                  {t('integrations.enabled')}
                </span>
                <span className="text-sm text-slate-600">{t('integrations.enabledHint')}</span>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={field.value}
                aria-labelledby={switchLabel}
                onClick={() => field.onChange(!field.value)}
                onBlur={field.onBlur}
                className={clsx(
                  'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
                  field.value ? 'bg-brand-700' : 'bg-slate-300',
                )}
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    'size-5 rounded-full bg-white shadow transition-transform',
                    field.value ? 'translate-x-5' : 'translate-x-0.5',
                  )}
                />
              </button>
            </div>
          )}
        />
        <Field
          label={t('integrations.url')}
          hint={t('integrations.urlHint')}
          announceError
          error={formState.errors.url?.message}
        >
          {(props) => (
            <TextInput
              {...props}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://example.com/webhooks/keyway"
              {...register('url')}
            />
          )}
        </Field>
        <SaveButton isSaving={save.isPending} />
      </FormSection>
    </form>
  )
}

async function copyToClipboard(text: string) {
  // Older browsers and insecure origins have no clipboard API: that is a copy failure, not a crash.
  if (!navigator.clipboard) throw new Error('Clipboard unavailable')
  await navigator.clipboard.writeText(text)
}

function SecretSection({ saved }: { saved: WebhookSettings }) {
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

function DeliveriesSection({ saved }: { saved: WebhookSettings }) {
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
