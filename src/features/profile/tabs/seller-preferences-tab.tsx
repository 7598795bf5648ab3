import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { CONTACT_METHODS, PURCHASE_TYPES, SellerPreferencesSchema, type SellerPreferences } from '@/contract'
import { Field, TextInput } from '@/components/ui/field'
import { blanksToNull, contractResolver, numberText } from '@/components/form/resolver'
import { Checkbox, CheckboxGroup, RadioGroup } from '../forms/choices'
import { FormSection } from '../forms/form-section'
import { listError } from '../forms/list-error'
import { useValueOptions } from '../forms/options'
import { StatesPicker } from '../forms/states-picker'
import { useSaveSellerPreferences, useSellerPreferences } from '../profile-api'
import { reportSaveError } from '../save-errors'
import { useFinishProfile } from '../use-finish'
import { SectionLoading } from './section-state'

const DEAL_TYPES = ['cash', ...PURCHASE_TYPES] as const
type DealType = (typeof DEAL_TYPES)[number]

type SellerValues = {
  states: string[]
  dealTypes: DealType[]
  dealsPerMonth: string
  preferredContact: SellerPreferences['preferredContact']
  notifyOnInterest: boolean
  notifyOnOffer: boolean
}
const FIELDS = ['states', 'dealTypes', 'dealsPerMonth', 'preferredContact', 'notifyOnInterest', 'notifyOnOffer']

const valuesOf = (saved: SellerPreferences | null): SellerValues => ({
  states: saved?.states ?? [],
  dealTypes: saved?.dealTypes ?? [],
  dealsPerMonth: numberText(saved?.dealsPerMonth),
  preferredContact: saved?.preferredContact ?? 'email',
  notifyOnInterest: saved?.notifyOnInterest ?? true,
  notifyOnOffer: saved?.notifyOnOffer ?? true,
})

/** Seller preferences: the states a seller works, the deal types they list, and how they hear from buyers. */
export function SellerPreferencesTab() {
  const preferences = useSellerPreferences()
  if (preferences.isPending || preferences.isError)
    return <SectionLoading isError={preferences.isError} onRetry={() => void preferences.refetch()} />
  return <SellerPreferencesForm saved={preferences.data} />
}

function SellerPreferencesForm({ saved }: { saved: SellerPreferences | null }) {
  const { t } = useTranslation('profile')
  const finish = useFinishProfile()
  const dealTypeOptions = useValueOptions('dealTypes', DEAL_TYPES)
  const contactOptions = useValueOptions('contactMethods', CONTACT_METHODS)
  const { control, register, handleSubmit, formState, setError, reset } = useForm<
    SellerValues,
    unknown,
    SellerPreferences
  >({ defaultValues: valuesOf(saved), resolver: contractResolver(SellerPreferencesSchema, blanksToNull) })
  const save = useSaveSellerPreferences({
    onError: (error) => reportSaveError(error, { t, failure: 'preferencesUpdateFailed', setError, fields: FIELDS }),
  })
  const { errors } = formState

  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      (result) => {
        reset(valuesOf(result))
        toast({ title: t('saved.title'), description: t('saved.sellerPreferences'), variant: 'success' })
        finish()
      },
      () => undefined,
    ),
  )

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormSection title={t('sellerPreferences.title')} description={t('sellerPreferences.description')}>
        <Controller
          control={control}
          name="states"
          render={({ field }) => (
            <StatesPicker
              ref={field.ref}
              label={t('fields.sellerStates')}
              hint={t('sellerPreferences.statesHint')}
              required
              value={field.value}
              onChange={field.onChange}
              error={listError(errors.states)}
            />
          )}
        />
        <Controller
          control={control}
          name="dealTypes"
          render={({ field }) => (
            <CheckboxGroup
              legend={t('fields.dealTypes')}
              options={dealTypeOptions}
              value={field.value}
              onChange={field.onChange}
              error={listError(errors.dealTypes)}
              columns={3}
            />
          )}
        />
        <Field
          label={t('fields.dealsPerMonth')}
          announceError
          error={errors.dealsPerMonth?.message}
          className="sm:max-w-xs"
        >
          {(props) => <TextInput {...props} inputMode="numeric" {...register('dealsPerMonth')} />}
        </Field>
        <Controller
          control={control}
          name="preferredContact"
          render={({ field }) => (
            <RadioGroup
              name={field.name}
              legend={t('fields.preferredContact')}
              options={contactOptions}
              value={field.value}
              onChange={field.onChange}
              error={errors.preferredContact?.message}
            />
          )}
        />
        <Checkbox label={t('fields.notifyOnInterest')} {...register('notifyOnInterest')} />
        <Checkbox label={t('fields.notifyOnOffer')} {...register('notifyOnOffer')} />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </FormSection>
    </form>
  )
}
