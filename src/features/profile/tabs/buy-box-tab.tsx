import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type z } from 'zod'
import { toast } from '@/components/ui/toast'
import {
  BUY_BOX_MAX_ZIPS,
  BUY_BOX_TYPES,
  BuyBoxSchema,
  PROPERTY_TYPES,
  type BuyBox,
  type PropertyType,
} from '@/contract'
import { Field, TextInput } from '@/components/ui/field'
import {
  blanksToNull,
  contractResolver,
  numbersFromText,
  numberText,
  stripNumberFormatting,
} from '@/components/form/resolver'
import { CheckboxGroup, RadioGroup } from '../forms/bound-choices'
import { FormSection } from '@/components/form/form-section'
import { useValueOptions } from '@/components/form/options'
import { SaveButton } from '../forms/save-button'
import { ZipCodesInput } from '../forms/zip-codes-input'
import { useBuyBox, useSaveBuyBox } from '../profile-api'
import { reportSaveError } from '../save-errors'
import { useFinishProfile } from '../use-finish'
import { SectionLoading } from './section-state'
import { SavedSearchesSection } from '@/features/saved-searches'

type BuyBoxValues = {
  type: BuyBox['type'] | ''
  zipCodes: string[]
  propertyTypes: PropertyType[]
  minPrice: string
  maxPrice: string
}
const FIELDS = ['type', 'zipCodes', 'propertyTypes', 'minPrice', 'maxPrice'] as const

const BuyBoxFormSchema = BuyBoxSchema.refine(
  ({ minPrice, maxPrice }) => typeof minPrice !== 'number' || typeof maxPrice !== 'number' || minPrice <= maxPrice,
  // Checked even while another field (the type) is still missing, so all messages show at once.
  { path: ['maxPrice'], error: 'profile:buyBox.priceOrder', when: ({ value }) => typeof value === 'object' },
)
const PRICES = ['minPrice', 'maxPrice'] as const
const prepare = (values: BuyBoxValues) => numbersFromText(blanksToNull(stripNumberFormatting(values, PRICES)), PRICES)

const valuesOf = (saved: BuyBox | null): BuyBoxValues => ({
  type: saved?.type ?? '',
  zipCodes: saved?.zipCodes ?? [],
  propertyTypes: saved?.propertyTypes ?? [],
  minPrice: numberText(saved?.minPrice),
  maxPrice: numberText(saved?.maxPrice),
})

/** The buy box: what kind of deals, where (up to 50 ZIP codes), which property types and price range. */
export function BuyBoxTab() {
  const buyBox = useBuyBox()
  if (buyBox.isPending || buyBox.isError)
    return <SectionLoading isError={buyBox.isError} onRetry={() => void buyBox.refetch()} />
  return <BuyBoxForm saved={buyBox.data} />
}

function BuyBoxForm({ saved }: { saved: BuyBox | null }) {
  const { t } = useTranslation('profile')
  const finish = useFinishProfile()
  const typeOptions = useValueOptions('buyBoxTypes', BUY_BOX_TYPES)
  const propertyTypeOptions = useValueOptions('propertyTypes', PROPERTY_TYPES)
  const { control, register, handleSubmit, formState, setError, reset } = useForm<
    BuyBoxValues,
    unknown,
    z.output<typeof BuyBoxFormSchema>
  >({ defaultValues: valuesOf(saved), resolver: contractResolver(BuyBoxFormSchema, prepare) })
  const save = useSaveBuyBox({
    onError: (error) => reportSaveError(error, { t, failure: 'preferencesUpdateFailed', setError, fields: FIELDS }),
  })
  const errors = formState.errors

  const onSubmit = handleSubmit((values) =>
    save.mutateAsync(values).then(
      (result) => {
        reset(valuesOf(result))
        toast({ title: t('saved.title'), description: t('saved.buyBox'), variant: 'success' })
        finish()
      },
      () => undefined,
    ),
  )

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormSection title={t('buyBox.title')} description={t('buyBox.description')}>
          <RadioGroup control={control} name="type" legend={t('fields.buyBoxType')} options={typeOptions} columns={3} />
          <ZipCodesInput
            control={control}
            name="zipCodes"
            label={t('fields.zipCodes')}
            hint={t('buyBox.zipHint', { max: BUY_BOX_MAX_ZIPS })}
            max={BUY_BOX_MAX_ZIPS}
            limitMessage="validation:buyBoxMaxZips"
          />
          <CheckboxGroup
            control={control}
            name="propertyTypes"
            legend={t('fields.propertyTypes')}
            options={propertyTypeOptions}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('fields.minPrice')} announceError error={errors.minPrice?.message}>
              {(props) => <TextInput {...props} inputMode="numeric" {...register('minPrice')} />}
            </Field>
            <Field label={t('fields.maxPrice')} announceError error={errors.maxPrice?.message}>
              {(props) => <TextInput {...props} inputMode="numeric" {...register('maxPrice')} />}
            </Field>
          </div>
          <SaveButton isSaving={save.isPending} />
        </FormSection>
      </form>
      <SavedSearchesSection />
    </div>
  )
}
