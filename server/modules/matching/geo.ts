import zipcodes from 'zipcodes'

export type Point = { latitude: number; longitude: number }

const EARTH_RADIUS_MILES = 3958.8

const centres = new Map<string, Point | null>()

/**
 * The centre of a US ZIP code (the `zipcodes` package's table), or null when it is unknown. Remembered: one
 * listing is measured against many buyers' radius centres (at most the ~42,000 US ZIP codes are kept).
 */
export function zipCentre(zipCode: string): Point | null {
  const cached = centres.get(zipCode)
  if (cached !== undefined) return cached
  const place = zipcodes.lookup(zipCode)
  // The table holds military codes at 0,0: no place to measure from.
  const centre =
    !place || (place.latitude === 0 && place.longitude === 0)
      ? null
      : { latitude: place.latitude, longitude: place.longitude }
  // Only real ZIP codes are kept, so odd input cannot grow the map.
  if (place) centres.set(zipCode, centre)
  return centre
}

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: Point, b: Point): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = rad(b.latitude - a.latitude)
  const dLon = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}
