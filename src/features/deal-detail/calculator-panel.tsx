import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Deal } from '@/contract'
import { HeadingWithHelpHint } from '@/components/help-hint'
import { computeDealTerms, DEFAULT_SELLER_AMORTIZATION_YEARS, type BuyerInputs } from '@/contract/deal-math/deal-terms'
import { parseAmount } from './calculator/parse-amount'
import { Field, inputClass } from './field'
import { formatFraction, formatMoney, formatRatio, languageOf } from './format'

type InputName = keyof BuyerInputs

/** The boxes each kind of deal asks for; a lease option has no taxes, insurance or loan to amortise. */
function inputsFor(kind: ReturnType<typeof computeDealTerms>['kind']): InputName[] {
  const base: InputName[] = ['rent', 'monthlyTaxes', 'monthlyInsurance', 'closingCosts', 'rehab']
  if (kind === 'LeaseOption') return ['rent', 'closingCosts', 'rehab']
  if (kind === 'SellerFinance' || kind === 'Hybrid') return [...base, 'sellerAmortizationYears']
  return base
}

type Figure = { key: string; label: string; value: string; note?: string }

/**
 * The deal-terms calculator, prefilled from the listing: figures update as the buyer types their rent and
 * costs. A box that is not a number says so and counts as blank, so the other figures stay useful.
 */
export function CalculatorPanel({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('dealDetail')
  const language = languageOf(i18n.language)
  const [asOf] = useState(() => new Date())
  const [text, setText] = useState<Record<InputName, string>>({
    rent: '',
    monthlyTaxes: '',
    monthlyInsurance: '',
    rehab: '',
    closingCosts: '',
    sellerAmortizationYears: String(DEFAULT_SELLER_AMORTIZATION_YEARS),
  })
  const parsed = Object.fromEntries(Object.entries(text).map(([name, value]) => [name, parseAmount(value)])) as Record<
    InputName,
    ReturnType<typeof parseAmount>
  >
  const inputs = Object.fromEntries(Object.entries(parsed).map(([name, result]) => [name, result.value])) as BuyerInputs
  const terms = computeDealTerms(deal, inputs, asOf)
  const money = (value: number | null, cents = true) => (value === null ? '' : formatMoney(value, cents))
  const needsRent = t('calculator.needsRent')
  const errorOf = (result: ReturnType<typeof parseAmount>) =>
    result.valid ? undefined : t(result.error === 'negative' ? 'validation:positive' : 'validation:expectedNumber')

  const figures: Figure[] = []
  if (terms.existingLoan) {
    figures.push({
      key: 'existingPi',
      label: t('calculator.existingPi'),
      value: money(terms.existingLoan.principalAndInterest),
      note: t('calculator.monthsLeft', { count: terms.existingLoan.monthsLeft }),
    })
  }
  if (terms.sellerLoan) {
    figures.push(
      { key: 'sellerPi', label: t('calculator.sellerPi'), value: money(terms.sellerLoan.principalAndInterest) },
      {
        key: 'balloon',
        label: t('calculator.balloon'),
        value: money(terms.sellerLoan.balloon, false),
        note: t('calculator.monthsToMaturity', { count: terms.sellerLoan.monthsToMaturity }),
      },
    )
  }
  if (terms.lease) {
    figures.push(
      { key: 'optionFee', label: t('calculator.optionFee'), value: money(terms.lease.optionFee, false) },
      {
        key: 'rentCredits',
        label: t('calculator.rentCredits'),
        value: money(terms.lease.rentCredits, false),
        note: t('calculator.overMonths', { count: terms.lease.optionMonths }),
      },
      {
        key: 'priceAtExercise',
        label: t('calculator.priceAtExercise'),
        value: money(terms.lease.priceAtExercise, false),
      },
    )
  }
  figures.push(
    {
      key: 'total',
      label: t(terms.kind === 'cash' ? 'calculator.monthlyCosts' : 'calculator.totalMonthly'),
      value: money(terms.totalMonthlyPayment),
    },
    { key: 'cashNeeded', label: t('calculator.cashNeeded'), value: money(terms.cashNeeded, false) },
    { key: 'cashFlow', label: t('calculator.cashFlow'), value: money(terms.monthlyCashFlow), note: needsRent },
    {
      key: 'coc',
      label: t('calculator.cashOnCash'),
      value: formatFraction(terms.cashOnCash, language),
      note: needsRent,
    },
  )
  if (terms.kind === 'cash') {
    figures.push({
      key: 'cap',
      label: t('calculator.capRate'),
      value: formatFraction(terms.capRate, language),
      note: needsRent,
    })
  } else if (terms.kind !== 'LeaseOption') {
    figures.push({
      key: 'dscr',
      label: t('calculator.dscr'),
      value: formatRatio(terms.dscr, language),
      note: needsRent,
    })
  }

  return (
    <section aria-labelledby="calculator-title" className="rounded-xl border border-brand-200 bg-white p-4 sm:p-5">
      <HeadingWithHelpHint entry="calculator">
        <h2 id="calculator-title" className="text-base font-semibold text-slate-900">
          {t('calculator.title')}
        </h2>
      </HeadingWithHelpHint>
      <p className="mt-1 text-sm text-slate-700">{t('calculator.intro')}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {inputsFor(terms.kind).map((name) => (
          <Field key={name} label={t(`calculator.inputs.${name}`)} error={errorOf(parsed[name])}>
            {(control) => (
              <input
                {...control}
                inputMode="decimal"
                value={text[name]}
                onChange={(event) => setText((current) => ({ ...current, [name]: event.target.value }))}
                className={inputClass('h-10')}
              />
            )}
          </Field>
        ))}
      </div>
      <dl className="mt-5 grid gap-2 sm:grid-cols-2">
        {figures.map((figure) => (
          <div key={figure.key} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
            <dd className="text-lg font-semibold text-slate-900">
              {figure.value || <span className="text-sm font-normal text-slate-600">{figure.note ?? '—'}</span>}
              {figure.value && figure.note && figure.note !== needsRent && (
                <span className="block text-xs font-normal text-slate-600">{figure.note}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
