import { Navigate, useLocation, type RouteObject } from 'react-router'
import { PRIVILEGED_ROLES } from '@/auth'
import { lazyPage } from '@/components/lazy-page'
import { RequireSignIn } from './require-sign-in'
import { adminRoutes } from '@/features/admin'
import { authRoutes, signedInAuthRoutes } from '@/features/auth'
import { chatRoutes } from '@/features/chat'
import { dashboardRoutes } from '@/features/dashboard'
import { dealDetailRoutes } from '@/features/deal-detail'
import { dealOffersRoutes } from '@/features/deal-offers'
import { dealAnalyticsRoutes } from '@/features/deal-analytics'
import { editDealRoutes, newDealRoutes } from '@/features/deal-form'
import { feedbackRoutes, ownersFeedbackRoutes } from '@/features/feedback'
import { helpHintRoutes } from '@/features/help-hints'
import { mapDemoRoutes } from '@/features/map-demo'
import { dealsBrowseRoutes } from '@/features/deals-browse'
import { myListingsRoutes } from '@/features/my-listings'
import { roadmapRoutes } from '@/features/roadmap'
import { trainingRoutes } from '@/features/training'
import { helpRoutes } from '@/features/help'
import { listingConfirmRoutes } from '@/features/listing-confirm'
import { RouteErrorPage } from '@/features/errors/route-error-page'
import { BECOME_SELLER_PATH, profileRoutes } from '@/features/profile'
import { signupRoutes } from '@/features/signup'
import { unsubscribeRoutes } from '@/features/unsubscribe'
import { buyerMapRoutes, zipAnalyticsRoutes } from '@/features/buyer-maps'
import { ownersClubRoutes } from '@/features/owners-club'
import { Layout } from './layout/layout'

/** Lazily loaded pages: each becomes its own chunk, behind the layout's spinner (spec §2). */
const page = lazyPage

const HomePage = page(() => import('@/features/home/home-page'), 'HomePage')
const NotFoundPage = page(() => import('@/features/errors/not-found-page'), 'NotFoundPage')
const UnauthorizedPage = page(() => import('@/features/errors/unauthorized-page'), 'UnauthorizedPage')
const TermsPage = page(() => import('@/features/legal/terms-page'), 'TermsPage')
const PrivacyPage = page(() => import('@/features/legal/privacy-page'), 'PrivacyPage')
const AccessibilityPage = page(() => import('@/features/legal/accessibility-page'), 'AccessibilityPage')

/** `/listings` is an alias of `/deals` (spec §2), keeping any filters in the query string. */
function ListingsAlias() {
  const { search } = useLocation()
  return <Navigate to={`/deals${search}`} replace />
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/listings', element: <ListingsAlias /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/accessibility', element: <AccessibilityPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      // The feature roadmap is public: members vote on it, visitors read it.
      ...roadmapRoutes,
      // The help centre is public too: visitors search and read, members also ask.
      ...helpRoutes,
      // An alert mail's unsubscribe link works signed out: its signed token is the permission.
      ...unsubscribeRoutes,
      // The reminder mail's one-click "Still available" works signed out.
      ...listingConfirmRoutes,
      // A ZIP code's analytics are public (spec §7: /api/analytics/zip-analytics needs no token).
      ...zipAnalyticsRoutes,
      ...authRoutes,
      ...signupRoutes,
      // Members only: a visitor signs in first and comes back to the same URL (query and hash included).
      {
        element: <RequireSignIn />,
        children: [
          ...signedInAuthRoutes,
          ...profileRoutes,
          ...dealsBrowseRoutes,
          ...dealDetailRoutes,
          ...chatRoutes,
          ...dashboardRoutes,
          ...feedbackRoutes,
          // Buyer training: the pages refuse other members with the spec's words (not a redirect).
          ...trainingRoutes,
          // Buyer locations: the page refuses buyers with the spec's words (not a redirect).
          ...buyerMapRoutes,
          // The Owners Club: the page refuses buyers as the buyer map does.
          ...ownersClubRoutes,
        ],
      },
      // Seller-side only (spec §6); anyone else is refused, except that a buyer opening the new-listing
      // form is offered the seller role instead.
      {
        element: <RequireSignIn roles={PRIVILEGED_ROLES} />,
        children: [
          ...myListingsRoutes,
          ...editDealRoutes,
          ...dealOffersRoutes,
          ...dealAnalyticsRoutes,
          ...ownersFeedbackRoutes,
        ],
      },
      { element: <RequireSignIn roles={PRIVILEGED_ROLES} refusedTo={BECOME_SELLER_PATH} />, children: newDealRoutes },
      // The admin panel, /helptest and /map-optimization-demo (its first use of a data set makes the server
      // index up to a million points): admins and owners (owners pass every role check).
      {
        element: <RequireSignIn roles={['admin']} />,
        children: [...adminRoutes, ...helpHintRoutes, ...mapDemoRoutes],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]
