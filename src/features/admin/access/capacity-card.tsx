import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@/api/errors'
import { AccessLimitsSchema, type AccessLimits, type AccessSummary } from '@/contract'
import { contractResolver } from '@/components/form/resolver'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { toast } from '@/components/ui/toast'
import { useSaveLimits } from './access-api'

type LimitValues = { betaCapacity: string; invitationBatchLimit: string }

const asNumbers = (values: LimitValues) => ({
  betaCapacity: values.betaCapacity.trim() === '' ? undefined : Number(values.betaCapacity),
  invitationBatchLimit: values.invitationBatchLimit.trim() === '' ? undefined : Number(values.invitationBatchLimit),
})

/** Members against capacity ("N of M" and a bar), and the two limits, edited in place. */
export function CapacityCard({ summary }: { summary: AccessSummary }) {
  const { t, i18n } = useTranslation('admin')
  const number = (value: number) => value.toLocaleString(i18n.language)
  const { members, betaCapacity, pendingInvitations, waiting } = summary
  const percent = betaCapacity === 0 ? 100 : Math.min(100, Math.round((members / betaCapacity) * 100))
  const { register, handleSubmit, formState, setError, reset } = useForm<LimitValues, unknown, AccessLimits>({
    defaultValues: { betaCapacity: String(betaCapacity), invitationBatchLimit: String(summary.invitationBatchLimit) },
    resolver: contractResolver(AccessLimitsSchema, asNumbers),
  })
  const save = useSaveLimits({
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name === 'betaCapacity' || name === 'invitationBatchLimit') setError(name, { type: 'server', message })
        }
      }
      toast({ title: t('access.limits.failed'), variant: 'destructive' })
    },
  })
  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      (saved) => {
        reset({ betaCapacity: String(saved.betaCapacity), invitationBatchLimit: String(saved.invitationBatchLimit) })
        toast({ title: t('access.limits.saved'), variant: 'success' })
      },
      () => undefined,
    ),
  )

  return (
    <section
      aria-labelledby="access-members"
      className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="grid gap-2">
        <h2 id="access-members" className="text-lg font-semibold text-slate-900">
          {t('access.members.title')}
        </h2>
        <p className="text-2xl font-semibold text-slate-900">
          {t('access.members.count', { members: number(members), capacity: number(betaCapacity) })}
        </p>
        <div
          role="progressbar"
          aria-label={t('access.members.bar')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('access.members.count', { members: number(members), capacity: number(betaCapacity) })}
          className="h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className={percent >= 100 ? 'h-full bg-amber-600' : 'h-full bg-brand-700'}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="text-sm text-slate-700">
          {t('access.members.detail', { count: pendingInvitations, waiting: number(waiting) })}
        </p>
      </div>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      >
        <Field
          label={t('access.limits.capacity')}
          hint={t('access.limits.capacityHint')}
          error={formState.errors.betaCapacity?.message}
        >
          {(props) => <TextInput {...props} inputMode="numeric" {...register('betaCapacity')} />}
        </Field>
        <Field
          label={t('access.limits.batch')}
          hint={t('access.limits.batchHint')}
          error={formState.errors.invitationBatchLimit?.message}
        >
          {(props) => <TextInput {...props} inputMode="numeric" {...register('invitationBatchLimit')} />}
        </Field>
        <Button type="submit" disabled={save.isPending} className="sm:mt-6">
          {t('access.limits.save')}
        </Button>
      </form>
    </section>
  )
}
