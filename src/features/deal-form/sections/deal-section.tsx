import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DEAL_CATEGORIES, PURCHASE_TYPES, requiredTermFields, TRADITIONAL_FINANCING } from '@/contract'
import { RadioGroup } from '@/components/form/choices'
import { FormSection } from '@/components/form/form-section'
import { WithHelpHint } from '@/components/help-hint'
import { useValueOptions } from '@/components/form/options'
import type { DealFormState } from '../form-values'
import { ListBox, TextBox } from './inputs'

/** Cash or creative, the purchase type, the price and the closing. */
export function DealSection() {
  const { t } = useTranslation('dealForm')
  const { control, formState } = useFormContext<DealFormState>()
  const [dealCategory, purchaseType] = useWatch({ control, name: ['dealCategory', 'purchaseType'] })
  const categories = useValueOptions('dealCategories', DEAL_CATEGORIES)
  const purchaseTypes = useValueOptions('purchaseTypes', PURCHASE_TYPES)
  const financing = useValueOptions('traditionalFinancing', TRADITIONAL_FINANCING)
  const priceRequired = requiredTermFields({ dealCategory, purchaseType: purchaseType || null }).includes(
    'purchasePrice',
  )
  return (
    <FormSection title={t('sections.deal')}>
      <Controller
        control={control}
        name="dealCategory"
        render={({ field }) => (
          <RadioGroup
            name={field.name}
            legend={`${t('fields.dealCategory')} *`}
            options={categories}
            value={field.value}
            onChange={field.onChange}
            error={formState.errors.dealCategory?.message}
          />
        )}
      />
      {dealCategory === 'creative' && (
        <WithHelpHint entry="deal-form.purchase-type">
          <Controller
            control={control}
            name="purchaseType"
            render={({ field }) => (
              <RadioGroup
                name={field.name}
                legend={`${t('fields.purchaseType')} *`}
                options={purchaseTypes}
                value={field.value || null}
                onChange={field.onChange}
                error={formState.errors.purchaseType?.message}
              />
            )}
          />
        </WithHelpHint>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextBox name="purchasePrice" kind="amount" required={priceRequired} />
        <WithHelpHint entry="deal-form.emd">
          <TextBox name="emd" kind="amount" />
        </WithHelpHint>
      </div>
      <TextBox name="expectedCloseOfEscrow" kind="date" hint={t('hints.closeOfEscrow')} className="sm:max-w-xs" />
      <ListBox name="traditionalFinancing" options={financing} />
    </FormSection>
  )
}
