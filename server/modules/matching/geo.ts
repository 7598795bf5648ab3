import zipcodes from 'zipcodes'

export type Point = { latitude: number; longitude: number }

const EARTH_RADIUS_MILES = 3958.8

/** The centre of a US ZIP code (the `zipcodes` package's table), or null when it is unknown. */
export function zipCentre(zipCode: string): Point | null {
  const place = zipcodes.lookup(zipCode)
  // The table holds military codes at 0,0: no place to measure from.
  if (!place || (place.latitude === 0 && place.longitude === 0)) return null
  return { latitude: place.latitude, longitude: place.longitude }
}

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: Point, b: Point): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = rad(b.latitude - a.latitude)
  const dLon = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}
