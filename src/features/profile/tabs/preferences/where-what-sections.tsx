import { Controller, useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PREFERENCE_PROPERTY_TYPES, PREFERENCES_MAX_ZIPS, PROPERTY_CONDITIONS, PROPERTY_USES } from '@/contract'
import { Field, SelectInput, TextInput } from '@/components/ui/field'
import { CheckboxGroup } from '../../forms/choices'
import { FormSection } from '../../forms/form-section'
import { listError } from '../../forms/list-error'
import { useStateOptions, useValueOptions } from '../../forms/options'
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
            <SelectInput {...props} autoComplete="address-level1" {...register('state')}>
              <option value="">{t('form.chooseState')}</option>
              {states.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectInput>
          )}
        </Field>
        <Field label={t('fields.city')} announceError required error={errors.city?.message}>
          {(props) => <TextInput {...props} autoComplete="address-level2" {...register('city')} />}
        </Field>
      </div>
      <Controller
        control={control}
        name="zipCodes"
        render={({ field }) => (
          <ZipCodesInput
            ref={field.ref}
            label={t('fields.zipCodes')}
            hint={t('preferences.where.zipHint', { max: PREFERENCES_MAX_ZIPS })}
            value={field.value}
            onChange={field.onChange}
            max={PREFERENCES_MAX_ZIPS}
            limitMessage="validation:preferencesMaxZips"
            error={listError(errors.zipCodes)}
          />
        )}
      />
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
  const minimumOptions = (
    <>
      <option value="">{t('form.any')}</option>
      {MINIMUM_COUNTS.map((count) => (
        <option key={count} value={count}>
          {t('form.atLeast', { count: Number(count) })}
        </option>
      ))}
    </>
  )
  return (
    <FormSection level={3} title={t('preferences.what.title')} description={t('preferences.what.description')}>
      <Field label={t('fields.propertyUse')} announceError error={errors.propertyUse?.message} className="sm:max-w-xs">
        {(props) => (
          <SelectInput {...props} {...register('propertyUse')}>
            <option value="">{t('form.noPreference')}</option>
            {uses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      <Controller
        control={control}
        name="propertyTypes"
        render={({ field }) => (
          <CheckboxGroup
            legend={t('fields.propertyTypes')}
            options={types}
            value={field.value}
            onChange={field.onChange}
            error={listError(errors.propertyTypes)}
            columns={3}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.minBedrooms')} announceError error={errors.minBedrooms?.message}>
          {(props) => (
            <SelectInput {...props} {...register('minBedrooms')}>
              {minimumOptions}
            </SelectInput>
          )}
        </Field>
        <Field label={t('fields.minBathrooms')} announceError error={errors.minBathrooms?.message}>
          {(props) => (
            <SelectInput {...props} {...register('minBathrooms')}>
              {minimumOptions}
            </SelectInput>
          )}
        </Field>
      </div>
      <Controller
        control={control}
        name="propertyConditions"
        render={({ field }) => (
          <CheckboxGroup
            legend={t('fields.propertyConditions')}
            options={conditions}
            value={field.value}
            onChange={field.onChange}
            error={listError(errors.propertyConditions)}
          />
        )}
      />
    </FormSection>
  )
}
