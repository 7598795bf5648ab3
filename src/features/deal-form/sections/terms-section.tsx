import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DEED_TRANSFER_TYPES, LOAN_TYPES } from '@/contract'
import { Checkbox } from '@/components/form/choices'
import { FormSection } from '@/components/form/form-section'
import { HeadingWithHelpHint, WithHelpHint } from '@/components/help-hint'
import { useValueOptions } from '@/components/form/options'
import type { DealFormState } from '../form-values'
import { SelectBox, TextBox } from './inputs'

const grid = 'grid items-start gap-4 sm:grid-cols-2'

function SubjectToTerms() {
  const { t } = useTranslation('dealForm')
  const loanTypes = useValueOptions('loanTypes', LOAN_TYPES)
  return (
    <div className="grid gap-4">
      <HeadingWithHelpHint entry="deal-form.subject-to">
        <h3 className="text-sm font-semibold text-slate-900">{t('terms.subjectTo')}</h3>
      </HeadingWithHelpHint>
      <div className={grid}>
        <SelectBox name="loanType" options={loanTypes} placeholder={t('form.choose')} required />
        <TextBox name="interestRate" kind="decimal" required />
        <TextBox name="loanBalance" kind="amount" required />
        <TextBox name="loanMaturity" kind="date" required />
        <TextBox name="piti" kind="amount" required />
        <WithHelpHint entry="deal-form.entry-fee">
          <TextBox name="entryFee" kind="amount" required />
        </WithHelpHint>
      </div>
    </div>
  )
}

function SellerFinanceTerms() {
  const { t } = useTranslation('dealForm')
  const deedTypes = useValueOptions('deedTransferTypes', DEED_TRANSFER_TYPES)
  return (
    <div className="grid gap-4">
      <HeadingWithHelpHint entry="deal-form.seller-finance">
        <h3 className="text-sm font-semibold text-slate-900">{t('terms.sellerFinance')}</h3>
      </HeadingWithHelpHint>
      <div className={grid}>
        <TextBox name="sellerLoanAmount" kind="amount" required />
        <TextBox name="sellerInterestRate" kind="decimal" required />
        <TextBox name="pi" kind="amount" required />
        <TextBox name="sellerLoanMaturity" kind="date" required />
        <SelectBox name="deedTransferType" options={deedTypes} placeholder={t('form.choose')} required />
      </div>
    </div>
  )
}

function LeaseOptionTerms() {
  const { t } = useTranslation('dealForm')
  const { control, register } = useFormContext<DealFormState>()
  const [credited, pets] = useWatch({ control, name: ['monthlyPaymentCredited', 'petsAllowed'] })
  return (
    <div className="grid gap-4">
      <HeadingWithHelpHint entry="deal-form.lease-option">
        <h3 className="text-sm font-semibold text-slate-900">{t('terms.leaseOption')}</h3>
      </HeadingWithHelpHint>
      <div className={grid}>
        <TextBox name="optionFee" kind="amount" required />
        <TextBox name="optionSalePrice" kind="amount" required />
        <TextBox name="optionTerm" kind="decimal" required />
        <TextBox name="leaseMonthlyPayment" kind="amount" required />
      </div>
      <Checkbox label={t('fields.optionFeeDeducted')} {...register('optionFeeDeducted')} />
      <Checkbox label={t('fields.monthlyPaymentCredited')} {...register('monthlyPaymentCredited')} />
      {credited && <TextBox name="monthlyCreditAmount" kind="amount" required className="sm:max-w-xs" />}
      <TextBox name="securityDeposit" kind="amount" className="sm:max-w-xs" />
      <Checkbox label={t('fields.petsAllowed')} {...register('petsAllowed')} />
      {pets && (
        <div className={grid}>
          <TextBox name="allowedPetTypes" />
          <TextBox name="petFee" kind="amount" />
        </div>
      )}
      <Checkbox label={t('fields.utilitiesIncluded')} {...register('utilitiesIncluded')} />
      <Checkbox label={t('fields.allowsSublease')} {...register('allowsSublease')} />
      <Checkbox label={t('fields.appliancesIncluded')} {...register('appliancesIncluded')} />
    </div>
  )
}

/** The terms of the chosen purchase type (spec §3, §5); nothing for cash listings. */
export function TermsSection() {
  const { t } = useTranslation('dealForm')
  const { control } = useFormContext<DealFormState>()
  const [dealCategory, purchaseType] = useWatch({ control, name: ['dealCategory', 'purchaseType'] })
  if (dealCategory !== 'creative' || !purchaseType) return null
  return (
    <FormSection title={t('sections.terms')}>
      {(purchaseType === 'SubTo' || purchaseType === 'Hybrid') && <SubjectToTerms />}
      {(purchaseType === 'SellerFinance' || purchaseType === 'Hybrid') && <SellerFinanceTerms />}
      {purchaseType === 'LeaseOption' && <LeaseOptionTerms />}
    </FormSection>
  )
}
