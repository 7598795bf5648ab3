import { useQuery } from '@tanstack/react-query'
import { call } from '@/api/call'
import { keyFor, queryFor } from '@/api/queries'
import { endpoints } from '@/contract'
import { dashboardVisitStarted, markDashboardVisit } from '@/lib/dashboard-visit'

/** How many of each list the dashboard shows before pointing to the full page. */
export const DASHBOARD_LIST_SIZE = 6
/** My newest listings on the dashboard; My listings has them all. */
export const DASHBOARD_LISTINGS = 10

export const useMyOffers = () => useQuery(queryFor(endpoints.myOffers))
export const useMyInterests = () => useQuery(queryFor(endpoints.myInterests))
export const useFavorites = () =>
  useQuery(queryFor(endpoints.listDeals, { query: { favorites: 'true', pageSize: DASHBOARD_LIST_SIZE } }))
/** The conversations about others' listings with messages the user has not read, newest first. */
export const useUnreadThreads = () =>
  useQuery(queryFor(endpoints.listThreads, { query: { side: 'buyer', unread: 'true', limit: DASHBOARD_LIST_SIZE } }))
export const useSellerListings = () =>
  useQuery(queryFor(endpoints.myDeals, { query: { page: 1, pageSize: DASHBOARD_LISTINGS } }))

/**
 * What is new on the seller's listings since their last visit. Spec §3's dashboard fetch attempt marker in
 * session storage (the user's id; also in a session cookie, so every tab of the browser session shares it:
 * src/lib/dashboard-visit.ts) decides which call: the first dashboard fetch of a browser session sets it
 * and then starts a visit on the server (the earlier visit becomes "since"); every later fetch in the session
 * (another open, a reload, the retry button) only reads the news from the same point, so the counts do not
 * reset while the user moves around, and a failed first attempt is never repeated as another visit.
 * Sign-out removes the marker (spec §4), so the next sign-in starts a new visit.
 */
export function useDashboardNews(userId: string) {
  return useQuery({
    queryKey: keyFor(endpoints.dashboardNews),
    queryFn: ({ signal }) => {
      if (dashboardVisitStarted(userId)) return call(endpoints.dashboardNews, { signal })
      markDashboardVisit(userId)
      // Not cancelled with the page: a visit the server recorded should also reach the cache.
      return call(endpoints.startDashboardVisit)
    },
  })
}
