import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { WebhookSettingsInputSchema, type WebhookSettings, type WebhookSettingsInput } from '@/contract'
import { contractResolver } from '@/components/form/resolver'
import { FormSection } from '@/components/form/form-section'
import { Field, TextInput } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { SaveButton } from '../forms/save-button'
import { reportSaveError } from '../save-errors'
import { useSaveWebhookSettings, useWebhookSettings } from '../webhook-api'
import { SectionLoading } from './section-state'
import { DeliveriesSection } from './webhook-deliveries-section'
import { SecretSection } from './webhook-secret-section'

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
