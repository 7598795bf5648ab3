import {
  CREATIVE_AUTO_TAGS,
  DEAL_NUMBER_FIELDS,
  type Deal,
  type DealInput,
  type DEED_TRANSFER_TYPES,
  type LOAN_TYPES,
  type PropertyType,
  type PurchaseType,
} from '@/contract'
import { blanksToNull, numberText, numbersFromText, stripNumberFormatting } from '@/components/form/resolver'

/** Amounts and counts: typed as text so "$250,000" or a slip stays in the box until it is fixed. */
export const NUMBER_FIELDS = DEAL_NUMBER_FIELDS
const DATE_FIELDS = ['expectedCloseOfEscrow', 'loanMaturity', 'sellerLoanMaturity'] as const
const TEXT_FIELDS = ['additionalParking', 'allowedPetTypes'] as const
type TextField = (typeof NUMBER_FIELDS)[number] | (typeof DATE_FIELDS)[number] | (typeof TEXT_FIELDS)[number]

/** What the form holds: blanks are '' until submit turns them into the contract's nulls. */
export type DealFormState = Omit<
  DealInput,
  TextField | 'purchaseType' | 'loanType' | 'deedTransferType' | 'propertyType'
> &
  Record<TextField, string> & {
    purchaseType: PurchaseType | ''
    propertyType: PropertyType | ''
    loanType: (typeof LOAN_TYPES)[number] | ''
    deedTransferType: (typeof DEED_TRANSFER_TYPES)[number] | ''
  }

export const SUBJECT_TO_FIELDS = [
  'loanType',
  'interestRate',
  'loanBalance',
  'loanMaturity',
  'piti',
  'entryFee',
] as const
export const SELLER_FINANCE_FIELDS = [
  'sellerLoanAmount',
  'sellerInterestRate',
  'pi',
  'sellerLoanMaturity',
  'deedTransferType',
] as const
export const LEASE_OPTION_FIELDS = [
  'optionFee',
  'optionSalePrice',
  'optionTerm',
  'optionFeeDeducted',
  'leaseMonthlyPayment',
  'monthlyPaymentCredited',
  'monthlyCreditAmount',
  'securityDeposit',
  'petsAllowed',
  'allowedPetTypes',
  'petFee',
  'utilitiesIncluded',
  'allowsSublease',
  'appliancesIncluded',
] as const
type TermField =
  (typeof SUBJECT_TO_FIELDS)[number] | (typeof SELLER_FINANCE_FIELDS)[number] | (typeof LEASE_OPTION_FIELDS)[number]

/** The term fields a purchase type shows; the others keep what was typed but are not sent. */
export function termFieldsOf(values: Pick<DealFormState, 'dealCategory' | 'purchaseType'>): readonly TermField[] {
  if (values.dealCategory !== 'creative') return []
  switch (values.purchaseType) {
    case 'SubTo':
      return SUBJECT_TO_FIELDS
    case 'SellerFinance':
      return SELLER_FINANCE_FIELDS
    case 'Hybrid':
      return [...SUBJECT_TO_FIELDS, ...SELLER_FINANCE_FIELDS]
    case 'LeaseOption':
      return LEASE_OPTION_FIELDS
    default:
      return []
  }
}

export const ALL_TERM_FIELDS: readonly TermField[] = [
  ...SUBJECT_TO_FIELDS,
  ...SELLER_FINANCE_FIELDS,
  ...LEASE_OPTION_FIELDS,
]

export const emptyDealForm = (): DealFormState => ({
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  hideAddress: false,
  dealCategory: 'cash',
  purchaseType: '',
  propertyType: '',
  traditionalFinancing: [],
  lotSizeUnit: 'sqft',
  solar: 'none',
  parking: 'none',
  restrictions: [],
  agentInvolved: false,
  privatePool: false,
  dealDescription: '',
  tags: [],
  legalCertification: false,
  initialStatus: 'active',
  loanType: '',
  deedTransferType: '',
  optionFeeDeducted: false,
  monthlyPaymentCredited: false,
  petsAllowed: false,
  utilitiesIncluded: false,
  allowsSublease: false,
  appliancesIncluded: false,
  ...(Object.fromEntries([...NUMBER_FIELDS, ...DATE_FIELDS, ...TEXT_FIELDS].map((key) => [key, ''])) as Record<
    TextField,
    string
  >),
})

/** A saved listing as the form shows it. */
export function formStateOf(deal: Deal): DealFormState {
  const empty = emptyDealForm()
  const state = { ...empty } as Record<string, unknown>
  for (const key of Object.keys(empty)) {
    const value = (deal as Record<string, unknown>)[key]
    if (value === undefined) continue
    state[key] = value === null ? '' : typeof value === 'number' ? numberText(value) : value
  }
  // The certification shows as stored (every save stores the seller's, so a saved listing is normally
  // certified; one stored without it asks for it again).
  return { ...(state as DealFormState), initialStatus: 'active' }
}

/**
 * What the contract reads: formatting stripped from amounts and typed numbers made numbers, blanks as null, and the terms of purchase types
 * not chosen left out (they stay in the form, so switching back finds them). Creative listings carry the
 * automatic tags.
 */
export function prepareDealInput(values: DealFormState): unknown {
  const shown = new Set<string>(termFieldsOf(values))
  if (!values.monthlyPaymentCredited) shown.delete('monthlyCreditAmount')
  if (!values.petsAllowed) {
    shown.delete('allowedPetTypes')
    shown.delete('petFee')
  }
  const copy: Record<string, unknown> = { ...values }
  for (const field of ALL_TERM_FIELDS) {
    if (!shown.has(field)) copy[field] = typeof values[field] === 'boolean' ? false : null
  }
  if (values.dealCategory !== 'creative') copy.purchaseType = null
  if (values.dealCategory === 'creative') copy.tags = [...new Set([...values.tags, ...CREATIVE_AUTO_TAGS])]
  return numbersFromText(blanksToNull(stripNumberFormatting(copy, NUMBER_FIELDS)), NUMBER_FIELDS)
}
