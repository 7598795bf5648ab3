import type { Reason, ReasonValues } from './matching'

/**
 * A translation function of an i18next instance that has the `matching` and `values` namespaces (the SPA's,
 * or the server's mail instance): keys here are written with their namespace.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string

// Money as the product writes it everywhere (src/lib/format-currency.ts, mails): US dollars, en-US, whole
// dollars, cents only when there are some. Kept here because the contract is the only code the server and
// the SPA share.
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

export const formatReasonMoney = (value: number) =>
  Number.isInteger(value) ? dollars.format(value) : cents.format(Math.round(value * 100) / 100)

const num = (values: ReasonValues, key: string) => (typeof values[key] === 'number' ? values[key] : null)
const text = (values: ReasonValues, key: string) => String(values[key] ?? '')
const money = (values: ReasonValues, key: string) => {
  const value = num(values, key)
  return value === null ? '' : formatReasonMoney(value)
}
const count = (values: ReasonValues, key: string) => {
  const value = num(values, key)
  return value === null ? '' : plain.format(value)
}

/** Which of a range's bounds the buyer set: `range`, `min` or `max`. */
const bounds = (values: ReasonValues) =>
  num(values, 'min') !== null && num(values, 'max') !== null ? 'range' : num(values, 'min') !== null ? 'min' : 'max'

const CASH_PARTS = ['entryFee', 'downPayment', 'optionFee', 'securityDeposit', 'emd', 'price'] as const

function cashToClose(reason: Reason, t: Translate) {
  const { values, outcome } = reason
  const max = money(values, 'max')
  if (outcome === 'unknown') return t('matching:cashToClose.unknown', { max })
  const parts = CASH_PARTS.filter((part) => (num(values, part) ?? 0) > 0)
  const [only] = parts
  if (parts.length === 1 && only) {
    const what = t(`matching:cashToClose.single.${only}`, { amount: money(values, only) })
    return t(`matching:cashToClose.single_${outcome}`, { what, max })
  }
  const list = parts.map((part) => t(`matching:cashToClose.part.${part}`, { amount: money(values, part) }))
  return t(`matching:cashToClose.${outcome}`, { amount: money(values, 'amount'), parts: list.join(' + '), max })
}

function area(reason: Reason, t: Translate) {
  const { values, outcome } = reason
  const via = text(values, 'via')
  const key = outcome === 'unknown' ? 'unknown' : `${outcome}_${via}`
  return t(`matching:area.${key}`, {
    zipCode: text(values, 'zipCode'),
    city: text(values, 'city'),
    state: text(values, 'state'),
    centreZip: text(values, 'centreZip'),
    miles: count(values, 'miles'),
    maxMiles: count(values, 'maxMiles'),
  })
}

function priceReason({ values, outcome }: Reason, t: Translate) {
  const shown = { price: money(values, 'price'), min: money(values, 'min'), max: money(values, 'max') }
  if (outcome === 'unknown') return t('matching:price.unknown')
  if (outcome === 'match') return t(`matching:price.match_${bounds(values)}`, shown)
  const over = num(values, 'max') !== null && (num(values, 'price') ?? 0) > (num(values, 'max') ?? 0)
  return t(over ? 'matching:price.miss_max' : 'matching:price.miss_min', shown)
}

function ageRange(values: ReasonValues, t: Translate) {
  return t(`matching:age.range_${bounds(values)}`, { min: count(values, 'min'), max: count(values, 'max') })
}

function lot(values: ReasonValues, t: Translate) {
  const unit = text(values, 'unit') === 'acres' ? 'acres' : 'sqft'
  return t(`matching:lotSize.lot_${unit}`, { lotSize: count(values, 'lotSize'), sqft: count(values, 'sqft') })
}

/**
 * One reason in words, with its numbers: "Entry fee $18,000 ≤ your max $25,000", "Pago de entrada de
 * $18,000 ≤ tu máximo de $25,000". Every code and outcome has its sentence in locales/<lng>/matching.json.
 */
export function describeReason(reason: Reason, t: Translate): string {
  const { code, outcome, values } = reason
  const key = `matching:${code}.${outcome}`
  switch (code) {
    case 'area':
      return area(reason, t)
    case 'price':
      return priceReason(reason, t)
    case 'cashToClose':
      return cashToClose(reason, t)
    case 'state':
      return t(key, { state: text(values, 'state'), wanted: text(values, 'wanted') })
    case 'monthlyPayment':
      return t(key, { payment: money(values, 'payment'), max: money(values, 'max') })
    case 'dealType':
      return t(key, {
        category: t(`values:dealCategories.${text(values, 'dealCategory')}`),
        wanted: t(`values:buyBoxTypes.${text(values, 'wanted')}`),
      })
    case 'financing':
      return t(key, { financing: t(`values:financingTypes.${text(values, 'financing')}`) })
    case 'propertyType':
      return t(key, { propertyType: t(`values:propertyTypes.${text(values, 'propertyType')}`) })
    case 'bedrooms':
    case 'bathrooms':
      return t(key, { value: count(values, code), min: count(values, 'min') })
    case 'yearBuilt':
      return t(key, { value: text(values, 'yearBuilt'), min: text(values, 'min') })
    case 'squareFeet':
      return t(key, { value: count(values, 'squareFeet'), min: count(values, 'min') })
    case 'lotSize':
      return t(key, { lot: outcome === 'unknown' ? '' : lot(values, t), min: count(values, 'min') })
    case 'age':
      return t(key, { age: count(values, 'age'), yearBuilt: text(values, 'yearBuilt'), range: ageRange(values, t) })
    case 'hoa':
      return t(key, { fee: money(values, 'hoaFee') })
    case 'newConstruction':
      return t(key, { yearBuilt: text(values, 'yearBuilt') })
    case 'condition':
      return t(key, {
        condition: outcome === 'unknown' ? '' : t(`values:propertyConditions.${text(values, 'condition')}`),
      })
  }
}
