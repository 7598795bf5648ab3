import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { LOT_SIZE_UNITS, PARKING_OPTIONS, PROPERTY_TYPES, RESTRICTIONS, SOLAR_OPTIONS } from '@/contract'
import { Checkbox } from '@/components/form/choices'
import { FormSection } from '@/components/form/form-section'
import { useValueOptions } from '@/components/form/options'
import type { DealFormState } from '../form-values'
import { ListBox, SelectBox, TextBox } from './inputs'

/** The house itself: type, size, parking, fees and restrictions. */
export function PropertySection() {
  const { t } = useTranslation('dealForm')
  const { register } = useFormContext<DealFormState>()
  const propertyTypes = useValueOptions('propertyTypes', PROPERTY_TYPES)
  const lotUnits = useValueOptions('lotSizeUnits', LOT_SIZE_UNITS)
  const solar = useValueOptions('solar', SOLAR_OPTIONS)
  const parking = useValueOptions('parking', PARKING_OPTIONS)
  const restrictions = useValueOptions('restrictions', RESTRICTIONS)
  return (
    <FormSection title={t('sections.property')}>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SelectBox name="propertyType" options={propertyTypes} placeholder={t('form.choose')} required />
        <TextBox name="yearBuilt" kind="decimal" />
        <TextBox name="bedrooms" kind="decimal" />
        <TextBox name="bathrooms" kind="decimal" />
        <TextBox name="squareFootage" kind="decimal" />
        <div className="grid grid-cols-[1fr_auto] items-start gap-2">
          <TextBox name="lotSize" kind="decimal" />
          <SelectBox name="lotSizeUnit" options={lotUnits} />
        </div>
        <SelectBox name="solar" options={solar} />
        <SelectBox name="parking" options={parking} />
        <TextBox name="additionalParking" />
        <TextBox name="hoaMonthlyFee" kind="amount" />
        <TextBox name="solarMonthlyFee" kind="amount" />
      </div>
      <ListBox name="restrictions" options={restrictions} />
      <Checkbox label={t('fields.agentInvolved')} {...register('agentInvolved')} />
      <Checkbox label={t('fields.privatePool')} {...register('privatePool')} />
    </FormSection>
  )
}
