/*
 * The demo's generated points: deterministic (the same seed gives the same points on every machine and
 * every run, and a smaller set is the start of a bigger one) and spread over the contiguous US the way
 * people live: most around metro areas, the rest anywhere in the country's box.
 */

/** Metro centres [lat, lng, weight]: the weight is roughly the population in millions. */
const METROS: readonly (readonly [number, number, number])[] = [
  [40.71, -74.01, 19.8], // New York
  [34.05, -118.24, 13.2], // Los Angeles
  [41.88, -87.63, 9.4], // Chicago
  [32.78, -96.8, 7.6], // Dallas
  [29.76, -95.37, 7.1], // Houston
  [38.91, -77.04, 6.3], // Washington
  [25.76, -80.19, 6.1], // Miami
  [39.95, -75.17, 6.2], // Philadelphia
  [33.75, -84.39, 6.1], // Atlanta
  [33.45, -112.07, 4.9], // Phoenix
  [42.36, -71.06, 4.9], // Boston
  [37.77, -122.42, 4.7], // San Francisco
  [34.11, -117.29, 4.6], // Riverside
  [42.33, -83.05, 4.4], // Detroit
  [47.61, -122.33, 4.0], // Seattle
  [44.98, -93.27, 3.7], // Minneapolis
  [32.72, -117.16, 3.3], // San Diego
  [27.95, -82.46, 3.2], // Tampa
  [39.74, -104.99, 3.0], // Denver
  [38.63, -90.2, 2.8], // St. Louis
  [39.29, -76.61, 2.8], // Baltimore
  [35.23, -80.84, 2.7], // Charlotte
  [28.54, -81.38, 2.7], // Orlando
  [29.42, -98.49, 2.6], // San Antonio
  [45.52, -122.68, 2.5], // Portland
  [38.58, -121.49, 2.4], // Sacramento
  [40.44, -80.0, 2.4], // Pittsburgh
  [30.27, -97.74, 2.4], // Austin
  [36.17, -115.14, 2.3], // Las Vegas
  [39.1, -84.51, 2.3], // Cincinnati
  [39.1, -94.58, 2.2], // Kansas City
  [39.96, -83.0, 2.1], // Columbus
  [39.77, -86.16, 2.1], // Indianapolis
  [41.5, -81.69, 2.1], // Cleveland
  [36.16, -86.78, 2.0], // Nashville
  [37.54, -77.44, 1.3], // Richmond
  [35.15, -90.05, 1.3], // Memphis
  [40.76, -111.89, 1.3], // Salt Lake City
  [35.47, -97.52, 1.4], // Oklahoma City
  [35.08, -106.65, 0.9], // Albuquerque
]
const METRO_TOTAL = METROS.reduce((sum, [, , weight]) => sum + weight, 0)

/** The contiguous US, roughly. */
export const US_BOX = { west: -124.5, south: 25.2, east: -67.0, north: 49.0 }

/** Share of the points around a metro; the rest fall anywhere in the box. */
const METRO_SHARE = 0.8
/** A metro's spread in degrees (one standard deviation, about 30 miles). */
const METRO_SPREAD = 0.45

/** mulberry32: a small, fast, well-mixed 32-bit generator, enough for a demo's positions. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type DemoPoints = { count: number; lat: Float64Array; lng: Float64Array }

/** `count` points; point i is the same whatever the count (the smaller sets are the bigger ones' start). */
export function generatePoints(count: number, seed = 26): DemoPoints {
  const next = seededRandom(seed)
  const lat = new Float64Array(count)
  const lng = new Float64Array(count)
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))
  for (let i = 0; i < count; i++) {
    // Four draws per point whatever the branch, so point i never depends on the branches before it.
    const [pick, where, u, v] = [next(), next(), next(), next()]
    if (pick < METRO_SHARE) {
      let target = where * METRO_TOTAL
      let metro = METROS[0] as (typeof METROS)[number]
      for (const candidate of METROS) {
        metro = candidate
        target -= candidate[2]
        if (target <= 0) break
      }
      // Box-Muller: a normal spread around the centre.
      const radius = Math.sqrt(-2 * Math.log(1 - u)) * METRO_SPREAD
      const angle = 2 * Math.PI * v
      lat[i] = clamp(metro[0] + radius * Math.sin(angle), US_BOX.south, US_BOX.north)
      lng[i] = clamp(metro[1] + radius * Math.cos(angle), US_BOX.west, US_BOX.east)
    } else {
      lat[i] = US_BOX.south + u * (US_BOX.north - US_BOX.south)
      lng[i] = US_BOX.west + v * (US_BOX.east - US_BOX.west)
    }
  }
  return { count, lat, lng }
}
