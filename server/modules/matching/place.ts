import { known, verdict, type Check } from './judge'
import { milesBetween, zipCentre } from './geo'

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The area: the listing's ZIP code in the buyer's ZIP codes (buy box and preferences), or its city and
 * state the buyer's, or it lies within the buyer's radius of a ZIP code's centre. Any one is a match.
 * `via` says which matched (zip, city, radius) or, on a miss, what was measured (radius, list).
 * A radius that cannot be measured (a ZIP code the table lacks) leaves the area unknown unless another
 * part matched.
 */
export const area: Check = ({ listing, buyer }) => {
  const { zipCodes, city, state, radius } = buyer
  const byCity = city !== null && state !== null
  if (zipCodes.length === 0 && !byCity && radius === null) return null
  const place = { zipCode: listing.zipCode, city: listing.city, state: listing.state }
  if (zipCodes.includes(listing.zipCode)) return verdict('area', 'match', { ...place, via: 'zip' })
  if (byCity && sameText(listing.city, city) && sameText(listing.state, state)) {
    return verdict('area', 'match', { ...place, via: 'city' })
  }
  if (radius === null) return verdict('area', 'miss', { ...place, via: 'list' })
  const centre = zipCentre(radius.zipCode)
  const here =
    listing.latitude !== null && listing.longitude !== null
      ? { latitude: listing.latitude, longitude: listing.longitude }
      : zipCentre(listing.zipCode)
  const measured = { ...place, via: 'radius', centreZip: radius.zipCode, maxMiles: radius.miles }
  if (!centre || !here) return verdict('area', 'unknown', measured)
  const miles = milesBetween(centre, here)
  return verdict(
    'area',
    miles <= radius.miles ? 'match' : 'miss',
    known({ ...measured, miles: Math.round(miles * 10) / 10 }),
  )
}

/** The state the buyer's preferences name. */
export const state: Check = ({ listing, buyer }) => {
  if (buyer.state === null) return null
  const outcome = sameText(listing.state, buyer.state) ? 'match' : 'miss'
  return verdict('state', outcome, { state: listing.state.toUpperCase(), wanted: buyer.state })
}
