import { Navigate, useParams, type RouteObject } from 'react-router'
import { lazyPageElement } from '@/components/lazy-page'

/** `/help-qa/{id}` is the older address of a Q&A (spec §2): it goes to `/help/qa/{id}` in place. */
function OldQaAddress() {
  const { id = '' } = useParams()
  return <Navigate to={`/help/qa/${encodeURIComponent(id)}`} replace />
}

/** The public help centre (src/app/routes.tsx mounts it outside the sign-in check): visitors and members. */
export const helpRoutes: RouteObject[] = [
  { path: '/help', element: lazyPageElement(() => import('./help-page'), 'HelpPage') },
  { path: '/help/article/:id', element: lazyPageElement(() => import('./article-page'), 'ArticlePage') },
  { path: '/help/qa/:id', element: lazyPageElement(() => import('./qa-page'), 'QaPage') },
  { path: '/help-qa/:id', element: <OldQaAddress /> },
]
