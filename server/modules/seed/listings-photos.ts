import sharp from 'sharp'
import type { FileStore } from '../../files'
import { processPhoto } from '../deals/photos-images'

/** FileStore keys, as deal_photos stores them. */
export type PoolPhoto = { displayKey: string; thumbKey: string; width: number; height: number }

const SKIES = ['#bfe3f5', '#f9d9b8', '#d6e9f8', '#fde7c8', '#cfe8e1']
const WALLS = ['#f4efe6', '#e8d5b7', '#c9d6df', '#f2c6a0', '#d9e4c8', '#e6e1f2', '#f7f1c7', '#cfd8dc']
const ROOFS = ['#8d4b3a', '#4f5d75', '#6b4f3f', '#3e4a3d', '#7a3b3b']
const DOORS = ['#2f4858', '#7b2d26', '#33658a', '#55443d']

/** A simple house in flat colours: no network, no stock photos, and obviously a demo. */
function houseSvg(index: number): string {
  const sky = SKIES[index % SKIES.length]!
  const wall = WALLS[(index * 3) % WALLS.length]!
  const roof = ROOFS[(index * 7) % ROOFS.length]!
  const door = DOORS[(index * 5) % DOORS.length]!
  const wide = index % 2 === 0
  const left = wide ? 260 : 360
  const right = wide ? 1340 : 1240
  const windows = wide ? [340, 560, 1040, 1180] : [440, 1060]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1066" viewBox="0 0 1600 1066">
  <rect width="1600" height="1066" fill="${sky}"/>
  <circle cx="${1300 - (index % 4) * 250}" cy="170" r="80" fill="#fff6d5"/>
  <rect y="820" width="1600" height="246" fill="#7fb069"/>
  <polygon points="${left - 60},480 800,${wide ? 200 : 170} ${right + 60},480" fill="${roof}"/>
  <rect x="${left}" y="470" width="${right - left}" height="360" fill="${wall}"/>
  <rect x="740" y="620" width="120" height="210" fill="${door}"/>
  ${windows.map((x) => `<rect x="${x}" y="560" width="110" height="100" fill="#e3f2fd" stroke="#5d6d7e" stroke-width="8"/>`).join('')}
  <rect x="${wide ? 1150 : 1050}" y="${wide ? 260 : 240}" width="60" height="150" fill="${roof}"/>
  <ellipse cx="${index % 3 === 0 ? 150 : 1480}" cy="760" rx="110" ry="150" fill="#4e8d4a"/>
</svg>`
}

/**
 * Renders `count` house pictures once and stores their display and thumbnail sizes; listings then
 * share them, which keeps the first start quick (a few hundred listings, one small pool of files).
 */
export async function createPhotoPool(files: FileStore, count = 20): Promise<PoolPhoto[]> {
  const pool: PoolPhoto[] = []
  for (let index = 0; index < count; index += 1) {
    const png = await sharp(Buffer.from(houseSvg(index)))
      .png()
      .toBuffer()
    const { display, thumb, width, height } = await processPhoto(png)
    const [full, small] = await Promise.all([
      files.save({ folder: 'deal-photos', bytes: display, extension: 'webp' }),
      files.save({ folder: 'deal-photos', bytes: thumb, extension: 'webp' }),
    ])
    pool.push({ displayKey: full.key, thumbKey: small.key, width, height })
  }
  return pool
}
