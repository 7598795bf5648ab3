import { useId } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, queryFor } from '@/api/queries'
import { AdminSettingsSchema, endpoints, webinarUrlField, type AdminSettings } from '@/contract'
import { contractResolver } from '@/components/form/resolver'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { WebinarBannerView } from '@/features/banner'
import { FreshnessCard } from './freshness-card'

type SettingsValues = { enableWebinarBanner: boolean; webinarRegistrationUrl: string }

/** Admin panel → Settings: the webinar banner's flag and link, with the banner previewed as members see it. */
export function SettingsPage() {
  const { t } = useTranslation('admin')
  const settings = useQuery(queryFor(endpoints.adminGetSettings))
  if (settings.isPending) return <Spinner label={t('settings.loading')} />
  if (settings.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-red-700">
        {t('settings.loadFailed')}
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          {t('settings.retry')}
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-6">
      <SettingsForm saved={settings.data} />
      <FreshnessCard />
    </div>
  )
}

function SettingsForm({ saved }: { saved: AdminSettings }) {
  const { t } = useTranslation('admin')
  const switchLabel = useId()
  const queryClient = useQueryClient()
  const { control, register, handleSubmit, formState, setError, reset } = useForm<
    SettingsValues,
    unknown,
    AdminSettings
  >({
    defaultValues: {
      enableWebinarBanner: saved.enableWebinarBanner,
      webinarRegistrationUrl: saved.webinarRegistrationUrl ?? '',
    },
    // Capacity and the batch limit are edited in Beta access; this form sends them back as they were.
    resolver: contractResolver(AdminSettingsSchema, (values) => ({
      ...saved,
      enableWebinarBanner: values.enableWebinarBanner,
      webinarRegistrationUrl: values.webinarRegistrationUrl.trim() || null,
    })),
  })
  const save = useMutation({
    mutationFn: (body: AdminSettings) => call(endpoints.adminPutSettings, { body }),
    onSuccess: (next) => {
      queryClient.setQueryData(keyFor(endpoints.adminGetSettings), next)
      void queryClient.invalidateQueries({ queryKey: keyFor(endpoints.featureFlags) })
    },
    onError: (error) => {
      if (isApiError(error) && error.fields?.webinarRegistrationUrl) {
        setError('webinarRegistrationUrl', { type: 'server', message: error.fields.webinarRegistrationUrl })
      }
      const detail = isApiError(error) && error.status < 500 ? error.message : undefined
      toast({ title: t('settings.failed'), description: detail, variant: 'destructive' })
    },
  })
  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      (next) => {
        reset({
          enableWebinarBanner: next.enableWebinarBanner,
          webinarRegistrationUrl: next.webinarRegistrationUrl ?? '',
        })
        toast({ title: t('settings.saved'), variant: 'success' })
      },
      () => undefined,
    ),
  )
  const url = useWatch({ control, name: 'webinarRegistrationUrl' }).trim()
  const enabled = useWatch({ control, name: 'enableWebinarBanner' })
  const previewable = webinarUrlField.safeParse(url).success

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-6">
      <section
        aria-labelledby="settings-webinar"
        className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <div className="grid gap-1">
          <h2 id="settings-webinar" className="text-lg font-semibold text-slate-900">
            {t('settings.webinar.title')}
          </h2>
          <p className="text-sm text-slate-700">{t('settings.webinar.description')}</p>
        </div>
        <Controller
          control={control}
          name="enableWebinarBanner"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
              <div className="grid gap-0.5">
                <span id={switchLabel} className="font-medium text-slate-900">
                  {t('settings.webinar.enable')}
                </span>
                <span className="text-sm text-slate-600">{t('settings.webinar.enableHint')}</span>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={field.value}
                aria-labelledby={switchLabel}
                onClick={() => field.onChange(!field.value)}
                onBlur={field.onBlur}
                className={clsx(
                  'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
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
          label={t('settings.webinar.url')}
          hint={t('settings.webinar.urlHint')}
          announceError
          error={formState.errors.webinarRegistrationUrl?.message}
        >
          {(props) => (
            <TextInput
              {...props}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://example.com/webinar"
              {...register('webinarRegistrationUrl')}
            />
          )}
        </Field>
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{t('settings.preview.title')}</h3>
          {previewable ? (
            <div className="grid gap-1">
              <div className="overflow-hidden rounded-lg border border-slate-200">
                <WebinarBannerView url={url} />
              </div>
              <p className="text-sm text-slate-600">{enabled ? t('settings.preview.on') : t('settings.preview.off')}</p>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t('settings.preview.none')}</p>
          )}
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </section>
    </form>
  )
}
