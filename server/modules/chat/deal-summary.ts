import type { ThreadDeal } from '../../../src/contract'
import { dealAsSeenBy, noticeDealInfo, type DealFacts } from '../deals/facts'
import type { UserRow } from '../users/repository'

export { dealFacts } from '../deals/facts'

type Viewer = Pick<UserRow, 'id' | 'roles'>

/** The deal as `viewer` may see it in a conversation. */
export const toThreadDeal = (deal: DealFacts, viewer: Viewer): ThreadDeal => dealAsSeenBy(deal, viewer)

/** The bell's dealInfo for a recipient (spec §3): the address null when it is hidden from them. */
export const dealInfoFor = noticeDealInfo
