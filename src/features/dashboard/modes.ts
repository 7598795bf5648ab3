import { hasAllAccess, hasRole, isPrivileged } from '@/auth'
import type { User } from '@/contract'

export const DASHBOARD_MODES = ['buying', 'selling'] as const
export type DashboardMode = (typeof DASHBOARD_MODES)[number]

/**
 * The modes a user has (spec §6: the hybrid dashboard switches modes for users with several roles): buying
 * for buyers, selling for the seller side (originator, owner, admin). Admins and owners get all features,
 * so both. Anyone else is a buyer (spec §6: a missing role means buyer).
 */
export function modesFor(user: User): DashboardMode[] {
  const buying = hasRole(user, 'buyer') || hasAllAccess(user) || !isPrivileged(user)
  const selling = isPrivileged(user)
  return DASHBOARD_MODES.filter((mode) => (mode === 'buying' ? buying : selling))
}

/** The mode shown when none is asked for and none is remembered: the seller side for those who sell. */
export const defaultModeFor = (modes: DashboardMode[]): DashboardMode =>
  modes.includes('selling') ? 'selling' : (modes[0] ?? 'buying')

/** localStorage, per user: the last mode they chose, so the dashboard opens on it on any later visit. */
export const modeStorageKey = (userId: string) => `dashboardMode:${userId}`

export const isDashboardMode = (value: unknown): value is DashboardMode =>
  typeof value === 'string' && (DASHBOARD_MODES as readonly string[]).includes(value)

export function rememberedMode(userId: string): DashboardMode | null {
  try {
    const value = localStorage.getItem(modeStorageKey(userId))
    return isDashboardMode(value) ? value : null
  } catch {
    return null
  }
}

export function rememberMode(userId: string, mode: DashboardMode) {
  try {
    localStorage.setItem(modeStorageKey(userId), mode)
  } catch {
    // Storage may be full or refused (private mode): the URL still carries the choice.
  }
}
