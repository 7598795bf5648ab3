import type { Database } from '../../db/client'
import { knowPlaces } from './locations'
import { zipGrid } from './radius'
import { currentDemand, warmDemand } from './snapshot'
import { buyersByZip } from './zip-analytics'

/**
 * What the server does as it starts, not awaited: every buyer's demand read into memory, the place of every
 * ZIP code they named looked up, the ZIP-to-buyers index and the grid of ZIP centres built, so that no first
 * request does any of it. Never rejects: a failure (say the app closed meanwhile) is reported.
 */
export async function warmBuyerMaps(db: Database, report: (error: unknown) => void) {
  if (!(await warmDemand(db, report))) return
  try {
    knowPlaces()
    zipGrid()
    buyersByZip(await currentDemand(db))
  } catch (error) {
    report(error)
  }
}
