import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  CONTACT_METHODS,
  CREDIT_SCORE_RANGES,
  FINANCING_TYPES,
  SEARCH_FREQUENCIES,
} from '@/contract'
import { Field, inputClass, TextInput } from '@/components/ui/field'
import { Checkbox } from '@/components/form/choices'
import { RadioGroup } from '../../forms/bound-choices'
import { FormSection } from '@/components/form/form-section'
import { OptionSelect } from '../../forms/option-select'
import { useValueOptions } from '@/components/form/options'
import { ChannelsGroup } from './channels-group'
import type { PreferencesField, PreferencesValues } from './model'

const NOTES_MAX = 1000

function NumberField({ name, label, hint }: { name: PreferencesField; label: string; hint?: string }) {
  const { register, formState } = useFormContext<PreferencesValues>()
  return (
    <Field label={label} announceError hint={hint} error={formState.errors[name]?.message}>
      {(props) => <TextInput {...props} inputMode="numeric" {...register(name)} />}
    </Field>
  )
}

/** Budget and financing: payments, down payment, financing type, credit and pre-approval. */
export function BudgetSection() {
  const { t } = useTranslation('profile')
  const { register, control, formState } = useFormContext<PreferencesValues>()
  const financing = useValueOptions('financingTypes', FINANCING_TYPES)
  const credit = useValueOptions('creditScoreRanges', CREDIT_SCORE_RANGES)
  const preApproved = useWatch({ control, name: 'preApprovedMortgage' })
  const { errors } = formState
  return (
    <FormSection level={3} title={t('preferences.budget.title')} description={t('preferences.budget.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField name="maxMonthlyPayment" label={t('fields.maxMonthlyPayment')} />
        <NumberField name="maxDownPayment" label={t('fields.maxDownPayment')} />
        <Field label={t('fields.financingType')} announceError error={errors.financingType?.message}>
          {(props) => (
            <OptionSelect
              {...props}
              emptyLabel={t('form.noPreference')}
              options={financing}
              {...register('financingType')}
            />
          )}
        </Field>
        <Field label={t('fields.creditScoreRange')} announceError error={errors.creditScoreRange?.message}>
          {(props) => (
            <OptionSelect
              {...props}
              emptyLabel={t('form.preferNotToSay')}
              options={credit}
              {...register('creditScoreRange')}
            />
          )}
        </Field>
      </div>
      <Checkbox label={t('fields.preApprovedMortgage')} {...register('preApprovedMortgage')} />
      {preApproved && (
        <div className="sm:max-w-xs">
          <NumberField name="preApprovedAmount" label={t('fields.preApprovedAmount')} />
        </div>
      )}
    </FormSection>
  )
}

/** The home itself: size, lot, age and whether HOA or new construction matter. */
export function HomeDetailsSection() {
  const { t } = useTranslation('profile')
  const { register } = useFormContext<PreferencesValues>()
  return (
    <FormSection level={3} title={t('preferences.home.title')} description={t('preferences.home.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField name="minSqft" label={t('fields.minSqft')} />
        <NumberField name="minLotSize" label={t('fields.minLotSize')} />
        <NumberField name="minYearBuilt" label={t('fields.minYearBuilt')} />
        <div className="grid grid-cols-2 gap-4">
          <NumberField name="minPropertyAge" label={t('fields.minPropertyAge')} />
          <NumberField name="maxPropertyAge" label={t('fields.maxPropertyAge')} />
        </div>
      </div>
      <Checkbox label={t('fields.newConstructionOnly')} {...register('newConstructionOnly')} />
      <Checkbox label={t('fields.excludeHoa')} {...register('excludeHoa')} />
    </FormSection>
  )
}

export function NeighborhoodSection() {
  const { t } = useTranslation('profile')
  const { register } = useFormContext<PreferencesValues>()
  return (
    <FormSection
      level={3}
      title={t('preferences.neighborhood.title')}
      description={t('preferences.neighborhood.description')}
    >
      <Checkbox label={t('fields.schoolsProximity')} {...register('schoolsProximity')} />
      <Checkbox label={t('fields.publicTransport')} {...register('publicTransport')} />
      <Checkbox label={t('fields.rentalPotential')} {...register('rentalPotential')} />
    </FormSection>
  )
}

/** How and how often matching deals reach the buyer, plus free-form notes. */
export function NotificationsSection() {
  const { t } = useTranslation('profile')
  const { register, control, formState } = useFormContext<PreferencesValues>()
  const contacts = useValueOptions('contactMethods', CONTACT_METHODS)
  const frequencies = useValueOptions('searchFrequencies', SEARCH_FREQUENCIES)
  const notes = useWatch({ control, name: 'additionalNotes' }) ?? ''
  const { errors } = formState
  return (
    <FormSection
      level={3}
      title={t('preferences.notifications.title')}
      description={t('preferences.notifications.description')}
    >
      <ChannelsGroup />
      <RadioGroup control={control} name="preferredContact" legend={t('fields.preferredContact')} options={contacts} />
      <RadioGroup
        control={control}
        name="searchFrequency"
        legend={t('fields.searchFrequency')}
        options={frequencies}
        columns={3}
      />
      <Field
        label={t('fields.additionalNotes')}
        announceError
        hint={t('form.characters', { count: notes.length, max: NOTES_MAX })}
        error={errors.additionalNotes?.message}
      >
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={NOTES_MAX}
            className={inputClass('md', 'h-auto py-2')}
            {...register('additionalNotes')}
          />
        )}
      </Field>
    </FormSection>
  )
}
