import type { ThreadDeal } from '../../../src/contract'
import { dealAsSeenBy, isAddressHiddenFrom, type DealFacts } from '../deals/facts'
import type { DealRow } from '../deals/repository'
import type { UserRow } from '../users/repository'

export { dealFacts } from '../deals/facts'

type Viewer = Pick<UserRow, 'id' | 'roles'>

/** The deal as `viewer` may see it in a conversation. */
export const toThreadDeal = (deal: DealFacts, viewer: Viewer): ThreadDeal => dealAsSeenBy(deal, viewer)

/** The bell's dealInfo for a recipient (spec §3): the address null when it is hidden from them. */
export function dealInfoFor(
  deal: Pick<DealRow, 'sellerId' | 'streetAddress' | 'hideAddress' | 'city' | 'state' | 'zipCode'>,
  recipient: Viewer,
) {
  return {
    address: isAddressHiddenFrom(deal, recipient) ? null : deal.streetAddress,
    hideAddress: deal.hideAddress,
    city: deal.city,
    state: deal.state,
    zip: deal.zipCode,
  }
}
