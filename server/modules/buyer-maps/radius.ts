import zipcodes from 'zipcodes'
import { milesBetween, zipCentre, type Point } from '../matching/geo'

const MILES_PER_DEGREE_LATITUDE = 69

type Centre = Point & { zipCode: string }

/** A cell's number: whole degrees of latitude and longitude (|lng| ≤ 180, so 1,000 columns never overlap). */
const cellOf = (latitude: number, longitude: number) => Math.floor(latitude) * 1000 + Math.floor(longitude)

let grid: Map<number, Centre[]> | null = null

/**
 * The US ZIP codes with a real centre (the table matching/radius-zips.ts reads), by one-degree cell, built
 * once: a radius then measures the few hundred codes of its cells, not all ~42,000 of the table.
 */
export function zipGrid() {
  if (grid) return grid
  grid = new Map()
  for (const zip of Object.values(zipcodes.codes)) {
    if (zip.country !== 'US' || (zip.latitude === 0 && zip.longitude === 0)) continue
    const key = cellOf(zip.latitude, zip.longitude)
    let cell = grid.get(key)
    if (!cell) grid.set(key, (cell = []))
    cell.push({ zipCode: zip.zip, latitude: zip.latitude, longitude: zip.longitude })
  }
  return grid
}

/** Radii asked lately, by `zip:miles` (a user pans and zooms with the same radius). */
const RADII_KEPT = 200
const radii = new Map<string, Set<string>>()

/** The ZIP codes whose centre lies within `miles` of a ZIP code's centre (itself included). */
export function zipsWithin(zipCode: string, miles: number): Set<string> {
  const key = `${zipCode}:${miles}`
  const kept = radii.get(key)
  if (kept) return kept
  const centre = zipCentre(zipCode)
  if (!centre) return new Set([zipCode])
  // The cells of a box a little wider than the radius (a parallel is not a great circle); the distance decides.
  const dLat = (miles * 1.01) / MILES_PER_DEGREE_LATITUDE
  const dLng = dLat / Math.max(0.1, Math.cos((centre.latitude * Math.PI) / 180))
  const zips = new Set<string>()
  const cells = zipGrid()
  for (let lat = Math.floor(centre.latitude - dLat); lat <= Math.floor(centre.latitude + dLat); lat++) {
    for (let lng = Math.floor(centre.longitude - dLng); lng <= Math.floor(centre.longitude + dLng); lng++) {
      for (const zip of cells.get(lat * 1000 + lng) ?? []) {
        if (milesBetween(centre, zip) <= miles) zips.add(zip.zipCode)
      }
    }
  }
  // Only real ZIP codes are kept (odd input cannot grow the map); the oldest goes first.
  if (radii.size >= RADII_KEPT) radii.delete(radii.keys().next().value!)
  radii.set(key, zips)
  return zips
}
