import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@/components/form/choices'
import { FormSection } from '@/components/form/form-section'
import { useStateOptions } from '@/components/form/options'
import type { DealFormState } from '../form-values'
import { SelectBox, TextBox } from './inputs'

/** Where the property is, and whether buyers see the street address. */
export function AddressSection() {
  const { t } = useTranslation('dealForm')
  const { register } = useFormContext<DealFormState>()
  const states = useStateOptions()
  return (
    <FormSection title={t('sections.address')}>
      <TextBox name="streetAddress" required />
      <div className="grid items-start gap-4 sm:grid-cols-3">
        <TextBox name="city" required />
        <SelectBox name="state" options={states} placeholder={t('form.chooseState')} required />
        <TextBox name="zipCode" required />
      </div>
      <Checkbox label={t('fields.hideAddress')} hint={t('hints.hideAddress')} {...register('hideAddress')} />
    </FormSection>
  )
}
