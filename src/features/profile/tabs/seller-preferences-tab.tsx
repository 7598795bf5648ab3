import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '@/components/ui/toast'
import { CONTACT_METHODS, PURCHASE_TYPES, SellerPreferencesSchema, type SellerPreferences } from '@/contract'
import { Field, TextInput } from '@/components/ui/field'
import { blanksToNull, contractResolver, numbersFromText, numberText } from '@/components/form/resolver'
import { Checkbox } from '@/components/form/choices'
import { CheckboxGroup, RadioGroup } from '../forms/bound-choices'
import { FormSection } from '@/components/form/form-section'
import { useValueOptions } from '@/components/form/options'
import { SaveButton } from '../forms/save-button'
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
  >({
    defaultValues: valuesOf(saved),
    resolver: contractResolver(SellerPreferencesSchema, (values) =>
      numbersFromText(blanksToNull(values), ['dealsPerMonth']),
    ),
  })
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
        <StatesPicker
          control={control}
          name="states"
          label={t('fields.sellerStates')}
          hint={t('sellerPreferences.statesHint')}
          required
        />
        <CheckboxGroup
          control={control}
          name="dealTypes"
          legend={t('fields.dealTypes')}
          options={dealTypeOptions}
          columns={3}
        />
        <Field
          label={t('fields.dealsPerMonth')}
          announceError
          error={errors.dealsPerMonth?.message}
          className="sm:max-w-xs"
        >
          {(props) => <TextInput {...props} inputMode="numeric" {...register('dealsPerMonth')} />}
        </Field>
        <RadioGroup
          control={control}
          name="preferredContact"
          legend={t('fields.preferredContact')}
          options={contactOptions}
        />
        <Checkbox label={t('fields.notifyOnInterest')} {...register('notifyOnInterest')} />
        <Checkbox label={t('fields.notifyOnOffer')} {...register('notifyOnOffer')} />
        <SaveButton isSaving={save.isPending} />
      </FormSection>
    </form>
  )
}
