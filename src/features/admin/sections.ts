/**
 * The admin panel's sections, in the order of its navigation. Each is a child route of `/admin` (the first
 * is the index) whose page lives in its own folder here and is added to routes.tsx.
 */
export const ADMIN_SECTIONS = [
  // A user's own page (/admin/users/:id) is part of the Users section.
  { key: 'users', path: '/admin', also: '/admin/users/' },
  { key: 'sellerRequests', path: '/admin/seller-requests' },
  { key: 'access', path: '/admin/access' },
  { key: 'feedback', path: '/admin/feedback' },
  { key: 'roadmap', path: '/admin/roadmap' },
  { key: 'training', path: '/admin/training', also: '/admin/training/' },
  { key: 'help', path: '/admin/help' },
  { key: 'settings', path: '/admin/settings' },
  { key: 'audit', path: '/admin/audit' },
] as const

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key']
