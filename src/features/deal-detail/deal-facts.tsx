import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { Deal } from '@/contract'
import { formatDate } from '@/lib/format-date'
import { formatMoney, formatNumber, formatRate, languageOf, type Language } from './format'

type Row = [label: string, value: string | null]

const present = (rows: Row[]) => rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== '')

function termRows(deal: Deal, t: TFunction, language: Language): Row[] {
  const money = (value: number | null, cents = false) => (value === null ? null : formatMoney(value, cents))
  const day = (value: string | null) => (value ? formatDate(value, language, 'longDate') : null)
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no')
  const common: Row[] = [
    [t('fields.purchasePrice'), money(deal.purchasePrice)],
    [t('fields.emd'), money(deal.emd)],
    [t('fields.expectedCloseOfEscrow'), day(deal.expectedCloseOfEscrow)],
  ]
  const subjectTo: Row[] = [
    [t('fields.entryFee'), money(deal.entryFee)],
    [t('fields.loanType'), deal.loanType && t(`values:loanTypes.${deal.loanType}`)],
    [t('fields.interestRate'), deal.interestRate === null ? null : formatRate(deal.interestRate, language)],
    [t('fields.loanBalance'), money(deal.loanBalance)],
    [t('fields.loanMaturity'), day(deal.loanMaturity)],
    [t('fields.piti'), money(deal.piti, true)],
  ]
  const sellerFinance: Row[] = [
    [t('fields.sellerLoanAmount'), money(deal.sellerLoanAmount)],
    [
      t('fields.sellerInterestRate'),
      deal.sellerInterestRate === null ? null : formatRate(deal.sellerInterestRate, language),
    ],
    [t('fields.pi'), money(deal.pi, true)],
    [t('fields.sellerLoanMaturity'), day(deal.sellerLoanMaturity)],
    [t('fields.deedTransferType'), deal.deedTransferType && t(`values:deedTransferTypes.${deal.deedTransferType}`)],
  ]
  const creditLine = deal.monthlyPaymentCredited
    ? deal.monthlyCreditAmount === null
      ? t('common.yes')
      : t('fields.creditPerMonth', { amount: formatMoney(deal.monthlyCreditAmount, true) })
    : t('common.no')
  const leaseOption: Row[] = [
    [t('fields.optionFee'), money(deal.optionFee)],
    [t('fields.optionSalePrice'), money(deal.optionSalePrice)],
    [t('fields.optionTerm'), deal.optionTerm === null ? null : t('fields.years', { count: deal.optionTerm })],
    [t('fields.optionFeeDeducted'), yesNo(deal.optionFeeDeducted)],
    [t('fields.leaseMonthlyPayment'), money(deal.leaseMonthlyPayment, true)],
    [t('fields.monthlyPaymentCredited'), creditLine],
    [t('fields.securityDeposit'), money(deal.securityDeposit)],
    [t('fields.petsAllowed'), yesNo(deal.petsAllowed)],
    [t('fields.allowedPetTypes'), deal.petsAllowed ? deal.allowedPetTypes : null],
    [t('fields.petFee'), deal.petsAllowed ? money(deal.petFee) : null],
    [t('fields.utilitiesIncluded'), yesNo(deal.utilitiesIncluded)],
    [t('fields.allowsSublease'), yesNo(deal.allowsSublease)],
    [t('fields.appliancesIncluded'), yesNo(deal.appliancesIncluded)],
  ]
  const financing: Row = [
    t('fields.traditionalFinancing'),
    deal.traditionalFinancing.map((value) => t(`values:traditionalFinancing.${value}`)).join(', ') || null,
  ]
  if (deal.dealCategory !== 'creative') return [...common, financing]
  switch (deal.purchaseType) {
    case 'SubTo':
      return [...common, ...subjectTo, financing]
    case 'SellerFinance':
      return [...common, [t('fields.entryFee'), money(deal.entryFee)], ...sellerFinance, financing]
    case 'Hybrid':
      return [...common, ...subjectTo, ...sellerFinance, financing]
    case 'LeaseOption':
      return [...leaseOption, [t('fields.emd'), money(deal.emd)], financing]
    default:
      return [...common, financing]
  }
}

function propertyRows(deal: Deal, t: TFunction, language: Language): Row[] {
  const number = (value: number | null) => (value === null ? null : formatNumber(value, language))
  return [
    [t('fields.propertyType'), t(`values:propertyTypes.${deal.propertyType}`)],
    [t('fields.bedrooms'), number(deal.bedrooms)],
    [t('fields.bathrooms'), number(deal.bathrooms)],
    [t('fields.squareFootage'), number(deal.squareFootage)],
    [
      t('fields.lotSize'),
      deal.lotSize === null ? null : `${number(deal.lotSize)} ${t(`values:lotSizeUnits.${deal.lotSizeUnit}`)}`,
    ],
    [t('fields.yearBuilt'), deal.yearBuilt === null ? null : String(deal.yearBuilt)],
  ]
}

function featureRows(deal: Deal, t: TFunction): Row[] {
  return [
    [t('fields.parking'), t(`values:parking.${deal.parking}`)],
    [t('fields.additionalParking'), deal.additionalParking],
    [t('fields.solar'), t(`values:solar.${deal.solar}`)],
    [t('fields.solarMonthlyFee'), deal.solarMonthlyFee === null ? null : formatMoney(deal.solarMonthlyFee, true)],
    [t('fields.hoaMonthlyFee'), deal.hoaMonthlyFee === null ? null : formatMoney(deal.hoaMonthlyFee, true)],
    [t('fields.privatePool'), t(deal.privatePool ? 'common.yes' : 'common.no')],
    [t('fields.agentInvolved'), t(deal.agentInvolved ? 'common.yes' : 'common.no')],
  ]
}

function FactGroup({ title, rows }: { title: string; rows: Row[] }) {
  const shown = present(rows)
  if (shown.length === 0) return null
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {shown.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-b border-slate-100 py-1 text-sm">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function ChipGroup({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
            {item}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Every detail of the listing, grouped: terms of its purchase type, property, features, restrictions, tags. */
export function DealFacts({ deal }: { deal: Deal }) {
  const { t, i18n } = useTranslation('dealDetail')
  const language = languageOf(i18n.language)
  const restrictions = deal.restrictions.filter((value) => value !== 'none')
  return (
    <div className="grid gap-4">
      <FactGroup title={t('sections.terms')} rows={termRows(deal, t, language)} />
      <FactGroup title={t('sections.property')} rows={propertyRows(deal, t, language)} />
      <FactGroup title={t('sections.features')} rows={featureRows(deal, t)} />
      <ChipGroup
        title={t('sections.restrictions')}
        items={restrictions.map((value) => t(`values:restrictions.${value}`))}
      />
      <ChipGroup title={t('sections.tags')} items={deal.tags.map((value) => t(`values:tags.${value}`))} />
    </div>
  )
}
