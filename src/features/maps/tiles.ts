/** OpenStreetMap's standard tiles unless the build sets VITE_MAP_TILE_URL (e.g. a paid tile provider). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

export const tileUrl = () => import.meta.env.VITE_MAP_TILE_URL || DEFAULT_TILE_URL
export const tileAttribution = () => import.meta.env.VITE_MAP_TILE_ATTRIBUTION || DEFAULT_TILE_ATTRIBUTION
