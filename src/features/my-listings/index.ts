import type { RouteObject } from 'react-router'

/** The routes this feature serves; src/app/routes.tsx mounts them inside the layout. */
export const myListingsRoutes: RouteObject[] = []
