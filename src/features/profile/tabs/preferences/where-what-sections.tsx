import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  PREFERENCE_PROPERTY_TYPES,
  PREFERENCES_MAX_ZIPS,
  PROPERTY_CONDITIONS,
  PROPERTY_USES,
  RADIUS_MAX_MILES,
} from '@/contract'
import { Field, TextInput } from '@/components/ui/field'
import { CheckboxGroup } from '../../forms/bound-choices'
import { FormSection } from '@/components/form/form-section'
import { OptionSelect } from '../../forms/option-select'
import { useStateOptions, useValueOptions } from '@/components/form/options'
import { ZipCodesInput } from '../../forms/zip-codes-input'
import type { PreferencesValues } from './model'

const MINIMUM_COUNTS = ['1', '2', '3', '4', '5'] as const

/** Where: state and city (both required) and up to 5 ZIP codes. */
export function WhereSection() {
  const { t } = useTranslation('profile')
  const { register, control, formState } = useFormContext<PreferencesValues>()
  const states = useStateOptions()
  const { errors } = formState
  return (
    <FormSection level={3} title={t('preferences.where.title')} description={t('preferences.where.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.state')} announceError required error={errors.state?.message}>
          {(props) => (
            <OptionSelect
              {...props}
              autoComplete="address-level1"
              emptyLabel={t('form.chooseState')}
              options={states}
              {...register('state')}
            />
          )}
        </Field>
        <Field label={t('fields.city')} announceError required error={errors.city?.message}>
          {(props) => <TextInput {...props} autoComplete="address-level2" {...register('city')} />}
        </Field>
      </div>
      <ZipCodesInput
        control={control}
        name="zipCodes"
        label={t('fields.zipCodes')}
        hint={t('preferences.where.zipHint', { max: PREFERENCES_MAX_ZIPS })}
        max={PREFERENCES_MAX_ZIPS}
        limitMessage="validation:preferencesMaxZips"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('fields.radiusZip')}
          hint={t('preferences.where.radiusHint', { max: RADIUS_MAX_MILES })}
          announceError
          error={errors.radiusZip?.message}
        >
          {(props) => (
            <TextInput {...props} inputMode="numeric" autoComplete="postal-code" {...register('radiusZip')} />
          )}
        </Field>
        <Field label={t('fields.radiusMiles')} announceError error={errors.radiusMiles?.message}>
          {(props) => <TextInput {...props} inputMode="numeric" {...register('radiusMiles')} />}
        </Field>
      </div>
    </FormSection>
  )
}

/** What: how the home will be used, property types, bedrooms, bathrooms and condition. */
export function WhatSection() {
  const { t } = useTranslation('profile')
  const { register, control, formState } = useFormContext<PreferencesValues>()
  const uses = useValueOptions('propertyUses', PROPERTY_USES)
  const types = useValueOptions('propertyTypes', PREFERENCE_PROPERTY_TYPES)
  const conditions = useValueOptions('propertyConditions', PROPERTY_CONDITIONS)
  const { errors } = formState
  const minimums = MINIMUM_COUNTS.map((count) => ({ value: count, label: t('form.atLeast', { count: Number(count) }) }))
  return (
    <FormSection level={3} title={t('preferences.what.title')} description={t('preferences.what.description')}>
      <Field label={t('fields.propertyUse')} announceError error={errors.propertyUse?.message} className="sm:max-w-xs">
        {(props) => (
          <OptionSelect {...props} emptyLabel={t('form.noPreference')} options={uses} {...register('propertyUse')} />
        )}
      </Field>
      <CheckboxGroup
        control={control}
        name="propertyTypes"
        legend={t('fields.propertyTypes')}
        options={types}
        columns={3}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.minBedrooms')} announceError error={errors.minBedrooms?.message}>
          {(props) => (
            <OptionSelect {...props} emptyLabel={t('form.any')} options={minimums} {...register('minBedrooms')} />
          )}
        </Field>
        <Field label={t('fields.minBathrooms')} announceError error={errors.minBathrooms?.message}>
          {(props) => (
            <OptionSelect {...props} emptyLabel={t('form.any')} options={minimums} {...register('minBathrooms')} />
          )}
        </Field>
      </div>
      <CheckboxGroup
        control={control}
        name="propertyConditions"
        legend={t('fields.propertyConditions')}
        options={conditions}
      />
    </FormSection>
  )
}
