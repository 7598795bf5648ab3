/**
 * Every "?" help hint in the product: where it sits, the topic it names ("Help: Entry fee") and the help
 * article it opens (a fixed slug the help content writes). /helptest lists them all, to check each one.
 * Topic and place labels are under `helpHint.topics` and `helpHint.places` in locales/{en,es}/common.json.
 */
export const HELP_ENTRY_POINTS = {
  'deal-form.purchase-type': { place: 'dealForm', topic: 'purchaseType', slug: 'purchase-types' },
  'deal-form.emd': { place: 'dealForm', topic: 'emd', slug: 'earnest-money-deposit' },
  'deal-form.subject-to': { place: 'dealForm', topic: 'subjectToTerms', slug: 'subject-to-loan-terms' },
  'deal-form.entry-fee': { place: 'dealForm', topic: 'entryFee', slug: 'entry-fee' },
  'deal-form.seller-finance': { place: 'dealForm', topic: 'sellerFinanceTerms', slug: 'seller-finance-terms' },
  'deal-form.lease-option': { place: 'dealForm', topic: 'leaseOptionTerms', slug: 'lease-option-terms' },
  'offer-form.type': { place: 'offerForm', topic: 'offerType', slug: 'making-an-offer' },
  'offer-form.entry-fee': { place: 'offerForm', topic: 'entryFee', slug: 'entry-fee' },
  calculator: { place: 'calculator', topic: 'calculator', slug: 'deal-calculator' },
} as const satisfies Record<string, { place: string; topic: string; slug: string }>

export type HelpEntryPointId = keyof typeof HELP_ENTRY_POINTS
export type HelpEntryPoint = (typeof HELP_ENTRY_POINTS)[HelpEntryPointId]

export const HELP_ENTRY_POINT_IDS = Object.keys(HELP_ENTRY_POINTS) as HelpEntryPointId[]
