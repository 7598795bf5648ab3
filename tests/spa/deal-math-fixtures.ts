// A relative import: the server's matching fixtures build on it too.
import type { ListingTerms } from '../../src/contract/deal-math/deal-terms'

/** A creative listing with no terms filled in: each deal-math test fills in what its example needs. */
export const blankListing: ListingTerms = {
  dealCategory: 'creative',
  purchaseType: null,
  purchasePrice: null,
  emd: null,
  hoaMonthlyFee: null,
  solarMonthlyFee: null,
  interestRate: null,
  loanBalance: null,
  loanMaturity: null,
  piti: null,
  entryFee: null,
  sellerLoanAmount: null,
  sellerInterestRate: null,
  sellerLoanMaturity: null,
  optionFee: null,
  optionSalePrice: null,
  optionTerm: null,
  optionFeeDeducted: false,
  leaseMonthlyPayment: null,
  monthlyPaymentCredited: false,
  monthlyCreditAmount: null,
  securityDeposit: null,
}
