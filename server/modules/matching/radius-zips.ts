import zipcodes from 'zipcodes'
import { RADIUS_MAX_MILES } from '../../../src/contract'
import { milesBetween, zipCentre } from './geo'

/** A ZIP code's centre and how far it lies from a listing, in miles. */
export type ZipWithin = { zipCode: string; miles: number }

const MILES_PER_DEGREE_LATITUDE = 69

let table: { zipCode: string; latitude: number; longitude: number }[] | null = null

/** The US ZIP codes with a real centre, read once. */
function zipTable() {
  table ??= Object.values(zipcodes.codes)
    .filter((zip) => zip.country === 'US' && !(zip.latitude === 0 && zip.longitude === 0))
    .map((zip) => ({ zipCode: zip.zip, latitude: zip.latitude, longitude: zip.longitude }))
  return table
}

/**
 * Every ZIP code whose centre lies within the largest search radius a buyer may set (250 miles) of a
 * point, with its distance: a buyer whose radius is centred on one of them and reaches that far can match.
 * A coarse latitude/longitude box first, then the great-circle distance (about 3,000 codes around a city).
 */
export function zipsWithinReach(point: { latitude: number; longitude: number }): ZipWithin[] {
  const dLat = RADIUS_MAX_MILES / MILES_PER_DEGREE_LATITUDE
  const dLng = dLat / Math.max(0.1, Math.cos((point.latitude * Math.PI) / 180))
  const within: ZipWithin[] = []
  for (const zip of zipTable()) {
    if (Math.abs(zip.latitude - point.latitude) > dLat || Math.abs(zip.longitude - point.longitude) > dLng) continue
    const miles = milesBetween(point, zip)
    if (miles <= RADIUS_MAX_MILES) within.push({ zipCode: zip.zipCode, miles })
  }
  return within
}

/** A listing's point: its own, else its ZIP code's centre; null when neither is known. */
export function listingPoint(listing: { latitude: number | null; longitude: number | null; zipCode: string }) {
  if (listing.latitude !== null && listing.longitude !== null) {
    return { latitude: listing.latitude, longitude: listing.longitude }
  }
  return zipCentre(listing.zipCode)
}
