/** OpenStreetMap's standard tiles unless the build sets VITE_MAP_TILE_URL (e.g. a paid tile provider). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

/**
 * The tile template, or null for `VITE_MAP_TILE_URL=none`: an offline build (or e2e run) then draws the
 * markers on a plain background instead of logging a failed request per tile.
 */
export const tileUrl = (): string | null => {
  const configured = import.meta.env.VITE_MAP_TILE_URL?.trim()
  if (configured === 'none') return null
  return configured || DEFAULT_TILE_URL
}
export const tileAttribution = () => import.meta.env.VITE_MAP_TILE_ATTRIBUTION || DEFAULT_TILE_ATTRIBUTION
