import { known, roundCents, verdict, type Check, type Context } from './judge'

/** The price a listing asks: its purchase price, or a lease option's option sale price. */
export function askingPrice({ listing }: Pick<Context, 'listing'>): number | null {
  if (listing.purchasePrice !== null) return listing.purchasePrice
  return listing.dealCategory === 'creative' && listing.purchaseType === 'LeaseOption' ? listing.optionSalePrice : null
}

/** The buy box's price range (either bound alone is a range). */
export const price: Check = (context) => {
  const { minPrice: min, maxPrice: max } = context.buyer
  if (min === null && max === null) return null
  const asked = askingPrice(context)
  if (asked === null) return verdict('price', 'unknown', known({ min, max }))
  const inside = (min === null || asked >= min) && (max === null || asked <= max)
  return verdict('price', inside ? 'match' : 'miss', known({ price: asked, min, max }))
}

/**
 * A cash listing's monthly payment and cash to close depend on the buyer's own loan, which the listing
 * cannot tell: they are known only for a buyer who pays cash (then the calculator's figures: the fees, the
 * price).
 */
const dependsOnBuyersLoan = ({ listing, buyer }: Context) =>
  listing.dealCategory === 'cash' && buyer.financingType !== 'cash'

/**
 * The monthly payment against the buyer's maximum: the deal calculator's total monthly payment for the
 * listing with nothing typed (the listed PITI, or the amortised P&I, plus the HOA and solar fees; a lease's
 * monthly payment).
 */
export const monthlyPayment: Check = (context) => {
  const max = context.buyer.maxMonthlyPayment
  if (max === null) return null
  const payment = dependsOnBuyersLoan(context) ? null : context.terms.totalMonthlyPayment
  if (payment === null) return verdict('monthlyPayment', 'unknown', { max })
  return verdict('monthlyPayment', payment <= max ? 'match' : 'miss', {
    payment: roundCents(payment),
    max,
    kind: context.terms.kind,
  })
}

/**
 * Cash to close against the buyer's maximum down payment: the calculator's cash needed with nothing typed
 * (the entry fee, or the price less what is financed, plus the EMD; a lease's option fee, deposit and EMD;
 * a cash listing's price). Its parts go with it so the words can show them.
 */
export const cashToClose: Check = (context) => {
  const max = context.buyer.maxDownPayment
  if (max === null) return null
  const amount = dependsOnBuyersLoan(context) ? null : context.terms.cashNeeded
  if (amount === null) return verdict('cashToClose', 'unknown', { max })
  const { listing } = context
  const emd = listing.emd ?? 0
  let parts: Record<string, number | null>
  if (context.terms.kind === 'cash') parts = { price: amount }
  else if (context.terms.kind === 'LeaseOption') {
    parts = { optionFee: listing.optionFee, securityDeposit: listing.securityDeposit, emd: listing.emd }
  } else if (listing.entryFee !== null) parts = { entryFee: listing.entryFee, emd: listing.emd }
  else parts = { downPayment: roundCents(amount - emd), emd: listing.emd }
  return verdict('cashToClose', amount <= max ? 'match' : 'miss', known({ amount: roundCents(amount), max, ...parts }))
}

/** The buy box's type: cash deals or creative deals (`both` sets nothing). */
export const dealType: Check = ({ listing, buyer }) => {
  if (buyer.dealType === null) return null
  const outcome = listing.dealCategory === buyer.dealType ? 'match' : 'miss'
  return verdict('dealType', outcome, { dealCategory: listing.dealCategory, wanted: buyer.dealType })
}

/**
 * The buyer's financing against what the listing can be bought with: creative financing buys creative
 * listings; cash and hard money buy cash listings; a conventional, FHA or VA loan buys a cash listing that
 * qualifies for it (unknown when the seller named no qualification, a miss when it is cash only).
 */
export const financing: Check = ({ listing, buyer }) => {
  const wanted = buyer.financingType
  if (wanted === null) return null
  const values = known({ financing: wanted, dealCategory: listing.dealCategory, purchaseType: listing.purchaseType })
  if (wanted === 'creative') return verdict('financing', listing.dealCategory === 'creative' ? 'match' : 'miss', values)
  if (listing.dealCategory !== 'cash') return verdict('financing', 'miss', values)
  if (wanted === 'cash' || wanted === 'hard-money') return verdict('financing', 'match', values)
  const qualifies = listing.traditionalFinancing
  if (qualifies.length === 0) return verdict('financing', 'unknown', values)
  return verdict('financing', qualifies.includes(wanted) ? 'match' : 'miss', values)
}
