import type { User } from '@/contract'
import { hasRole, isPrivileged, passesRoleCheck } from '@/auth'

export type NavItem = {
  /** Key under `nav.` in the common namespace. */
  labelKey: string
  to: string
  /** Other paths that highlight this item (spec §2: /listings highlights Listings). */
  aliases?: string[]
}

/** Centre navigation for a signed-in user (spec §2). */
export function centreNavItems(user: User | null): NavItem[] {
  const privileged = isPrivileged(user)
  return [
    ...(privileged ? [{ labelKey: 'dashboard', to: '/dashboard' }] : []),
    { labelKey: 'listings', to: '/deals', aliases: ['/listings'] },
    ...(privileged
      ? [
          { labelKey: 'buyers', to: '/buyers' },
          { labelKey: 'ownersClub', to: '/owners' },
        ]
      : []),
    { labelKey: 'help', to: '/help' },
  ]
}

/** Account links shared by the account menu and the mobile panel. */
export function accountNavItems(user: User | null): NavItem[] {
  return [
    { labelKey: 'profile', to: '/profile' },
    ...(isPrivileged(user) ? [{ labelKey: 'myListings', to: '/deals/mine' }] : []),
    { labelKey: 'conversations', to: '/chat' },
    // Buyers' way to the training and the Certified badge (spec §3).
    ...(hasRole(user, 'buyer') ? [{ labelKey: 'training', to: '/training' }] : []),
    { labelKey: 'helpCenter', to: '/help' },
    ...(passesRoleCheck(user, ['admin']) ? [{ labelKey: 'adminPanel', to: '/admin' }] : []),
  ]
}

const matches = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`)

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.aliases ?? [])].some((path) => matches(pathname, path))
}

/** "Maria" for the menu button, or null so the caller shows the generic label. */
export function firstNameOf(user: User | null): string | null {
  const name = user?.firstName?.trim()
  return name ? name : null
}
