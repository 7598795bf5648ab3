import type { OwnersZip } from '@/contract'

export type ZipCluster = { lat: number; lng: number; members: number; zips: OwnersZip[] }

/** Bubbles whose centres are closer than this (pixels) are one bubble: none overlaps another (axe target size). */
const MIN_GAP_PX = 56

/** Web Mercator pixels at this zoom (256-pixel tiles). */
function toPixels(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180)
  return { x: ((lng + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale }
}

/**
 * The ZIP codes gathered so that no two bubbles overlap at this zoom: the busiest ZIP codes first, each
 * joining the first bubble within MIN_GAP_PX of it (the bubble moves to its members' mean position), or
 * starting its own. A bubble's count is the members of its ZIP codes (a member working two counts in each);
 * a ZIP code alone stays at its centre.
 */
export function clusterZips(zips: readonly OwnersZip[], zoom: number): ZipCluster[] {
  const bubbles: (ZipCluster & { x: number; y: number })[] = []
  for (const zip of [...zips].sort((a, b) => b.members - a.members)) {
    const at = toPixels(zip.lat, zip.lng, zoom)
    const near = bubbles.find((bubble) => Math.hypot(bubble.x - at.x, bubble.y - at.y) < MIN_GAP_PX)
    if (!near) {
      bubbles.push({ lat: zip.lat, lng: zip.lng, members: zip.members, zips: [zip], ...at })
      continue
    }
    const members = near.members + zip.members
    near.lat = (near.lat * near.members + zip.lat * zip.members) / members
    near.lng = (near.lng * near.members + zip.lng * zip.members) / members
    near.x = (near.x * near.members + at.x * zip.members) / members
    near.y = (near.y * near.members + at.y * zip.members) / members
    near.members = members
    near.zips.push(zip)
  }
  // A bubble that moved to its mean may now crowd another: join such pairs until none is left.
  for (let merged = true; merged;) {
    merged = false
    for (let i = 0; i < bubbles.length && !merged; i++) {
      for (let j = i + 1; j < bubbles.length && !merged; j++) {
        const [a, b] = [bubbles[i]!, bubbles[j]!]
        if (Math.hypot(a.x - b.x, a.y - b.y) >= MIN_GAP_PX) continue
        const members = a.members + b.members
        a.lat = (a.lat * a.members + b.lat * b.members) / members
        a.lng = (a.lng * a.members + b.lng * b.members) / members
        a.x = (a.x * a.members + b.x * b.members) / members
        a.y = (a.y * a.members + b.y * b.members) / members
        a.members = members
        a.zips.push(...b.zips)
        bubbles.splice(j, 1)
        merged = true
      }
    }
  }
  return bubbles.map(({ lat, lng, members, zips: inBubble }) => ({ lat, lng, members, zips: inBubble }))
}
