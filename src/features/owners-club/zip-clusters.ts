import type { OwnersZip } from '@/contract'

export type ZipCluster = { lat: number; lng: number; members: number; zips: OwnersZip[] }

/**
 * The ZIP codes gathered into grid cells of about 64 pixels at this zoom (256-pixel tiles), so bubbles never
 * pile up at a country view; each cell at its members' mean position, its count the members of its ZIP codes
 * (a member working two of them counts in each). One ZIP code alone stays at its centre.
 */
export function clusterZips(zips: readonly OwnersZip[], zoom: number): ZipCluster[] {
  const cell = (360 / 2 ** zoom) * 0.25
  const cells = new Map<string, ZipCluster & { latSum: number; lngSum: number }>()
  for (const zip of zips) {
    const key = `${Math.floor(zip.lat / cell)}:${Math.floor(zip.lng / cell)}`
    const sum = cells.get(key) ?? { lat: 0, lng: 0, members: 0, zips: [], latSum: 0, lngSum: 0 }
    sum.latSum += zip.lat * zip.members
    sum.lngSum += zip.lng * zip.members
    sum.members += zip.members
    sum.zips.push(zip)
    cells.set(key, sum)
  }
  return [...cells.values()].map(({ latSum, lngSum, members, zips: inCell }) =>
    inCell.length === 1
      ? { lat: inCell[0]!.lat, lng: inCell[0]!.lng, members, zips: inCell }
      : { lat: latSum / members, lng: lngSum / members, members, zips: inCell },
  )
}
