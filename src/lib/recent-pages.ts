export type RecentPage = { title: string; url: string }

/** Spec section 9. */
export const RECENT_PAGES_LIMIT = 10

/** One list per user so a shared browser never shows someone else's history. */
export const recentPagesKey = (userId: string): string => `recentPages:${userId}`

const isRecentPage = (value: unknown): value is RecentPage =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>).title === 'string' &&
  typeof (value as Record<string, unknown>).url === 'string'

/**
 * Query parameters that choose a view inside one page (the profile's tabs) rather than a different page:
 * they are left out of a page's identity, so the list has one entry per page (its last view's url).
 */
const VIEW_PARAMS = ['tab']

/** What makes two urls the same page: the path and the query without the view parameters. */
const pageKey = (url: string): string => {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return url
  const params = new URLSearchParams(url.slice(queryAt + 1))
  for (const name of VIEW_PARAMS) params.delete(name)
  const query = params.toString()
  return query ? `${url.slice(0, queryAt)}?${query}` : url.slice(0, queryAt)
}

// Storage may be unavailable (privacy mode, disabled cookies) or full; recent pages
// are a convenience, so every failure degrades to "no history" instead of throwing.
const readRaw = (key: string): string | null => {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

/**
 * Newest first. Anything stored by an older build or edited by hand is tolerated:
 * non-array JSON gives [], malformed entries are skipped, duplicates (of a url or a page) and overflow
 * are dropped so callers can rely on the documented invariants.
 */
export const getRecentPages = (userId: string): RecentPage[] => {
  if (!userId) return []
  const raw = readRaw(recentPagesKey(userId))
  if (raw === null) return []

  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []

  const seen = new Set<string>()
  const pages: RecentPage[] = []
  for (const entry of parsed) {
    if (!isRecentPage(entry) || entry.url === '' || seen.has(pageKey(entry.url))) continue
    seen.add(pageKey(entry.url))
    pages.push({ title: entry.title, url: entry.url })
    if (pages.length === RECENT_PAGES_LIMIT) break
  }
  return pages
}

/**
 * Puts `page` first, removing any older entry of the same page (the same url, or the same page in
 * another view: see VIEW_PARAMS), and keeps at most
 * RECENT_PAGES_LIMIT entries. Returns the resulting list so a caller can update its
 * own state without reading storage again.
 */
export const recordRecentPage = (userId: string, page: RecentPage): RecentPage[] => {
  if (!userId || !page.url) return getRecentPages(userId)

  const pages = [
    { title: page.title, url: page.url },
    ...getRecentPages(userId).filter((existing) => pageKey(existing.url) !== pageKey(page.url)),
  ].slice(0, RECENT_PAGES_LIMIT)

  try {
    localStorage.setItem(recentPagesKey(userId), JSON.stringify(pages))
  } catch {
    // Quota exceeded or storage disabled: keep working without persisting.
  }
  return pages
}

const TRACKED_STATIC_PATHS = new Set(['/', '/deals', '/buyers', '/profile'])
const ONE_TRAILING_SLASH = /[^/]\/$/
// `[^/]+` keeps the id to one segment, so `/deals/a/b` is not mistaken for a deal.
const DEAL_PATH = /^\/deals\/([^/]+)(?:\/edit)?$/

/**
 * Whether visiting `pathname` should be recorded: home, deals, buyers, profile,
 * and a deal's view or edit page. `/deals/new` is the create form, not a deal.
 */
export const isTrackedPath = (pathname: string): boolean => {
  // Exactly one trailing slash is tolerated; `//` must not collapse into the home page.
  const path = ONE_TRAILING_SLASH.test(pathname) ? pathname.slice(0, -1) : pathname
  if (TRACKED_STATIC_PATHS.has(path)) return true
  const match = DEAL_PATH.exec(path)
  return match !== null && match[1] !== 'new'
}
