import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { call } from '@/api/call'
import { isApiError } from '@/api/errors'
import { keyFor, queryFor } from '@/api/queries'
import { contractResolver, numbersFromText } from '@/components/form/resolver'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import { ListingFreshnessSettingsSchema, endpoints, type ListingFreshnessSettings } from '@/contract'
import { Panel } from '@/components/ui/panel'

type Values = { listingStaleAfterDays: string; listingCancelAfterDays: string }
const FIELDS = ['listingStaleAfterDays', 'listingCancelAfterDays'] as const

/** Admin → Settings: after how many days a listing shows "Not updated", and how long after the reminder it is canceled. */
export function FreshnessCard() {
  const { t } = useTranslation('admin')
  const saved = useQuery(queryFor(endpoints.adminGetListingFreshness))
  return (
    <Panel title={t('settings.freshness.title')} description={t('settings.freshness.description')} gap={4}>
      {saved.isPending ? (
        <Spinner label={t('settings.loading')} />
      ) : saved.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('settings.loadFailed')}
        </p>
      ) : (
        <FreshnessForm saved={saved.data} />
      )}
    </Panel>
  )
}

function FreshnessForm({ saved }: { saved: ListingFreshnessSettings }) {
  const { t } = useTranslation('admin')
  const queryClient = useQueryClient()
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, ListingFreshnessSettings>({
    defaultValues: {
      listingStaleAfterDays: String(saved.listingStaleAfterDays),
      listingCancelAfterDays: String(saved.listingCancelAfterDays),
    },
    resolver: contractResolver(ListingFreshnessSettingsSchema, (values) => numbersFromText(values, FIELDS)),
  })
  const save = useMutation({
    mutationFn: (body: ListingFreshnessSettings) => call(endpoints.adminPutListingFreshness, { body }),
    onSuccess: (next) => {
      queryClient.setQueryData(keyFor(endpoints.adminGetListingFreshness), next)
      toast({ title: t('settings.saved'), variant: 'success' })
    },
    onError: (error) => {
      for (const field of FIELDS) {
        const message = isApiError(error) ? error.fields?.[field] : undefined
        if (message) setError(field, { type: 'server', message })
      }
      toast({ title: t('settings.failed'), variant: 'destructive' })
    },
  })
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit((values) => save.mutate(values))(event)}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('settings.freshness.staleAfter')}
          hint={t('settings.freshness.staleAfterHint')}
          announceError
          error={formState.errors.listingStaleAfterDays?.message}
        >
          {(props) => <TextInput {...props} inputMode="numeric" {...register('listingStaleAfterDays')} />}
        </Field>
        <Field
          label={t('settings.freshness.cancelAfter')}
          hint={t('settings.freshness.cancelAfterHint')}
          announceError
          error={formState.errors.listingCancelAfterDays?.message}
        >
          {(props) => <TextInput {...props} inputMode="numeric" {...register('listingCancelAfterDays')} />}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('settings.freshness.save')}
        </Button>
      </div>
    </form>
  )
}
