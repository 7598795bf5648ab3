import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from '@/auth'
import { isTrackedPath, recordRecentPage } from '@/lib/recent-pages'

/**
 * Sets the document title and, for the pages the home page lists (spec §3 "recent pages"), records the
 * visit for the signed-in user. Pages call it with their own title, so the record carries a real title.
 */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation()
  const { user } = useAuth()
  const { pathname, search } = useLocation()
  const appName = t('app.name')
  const userId = user?.userId

  useEffect(() => {
    if (!title) return
    document.title = title === appName ? appName : `${title} · ${appName}`
    if (userId && isTrackedPath(pathname)) recordRecentPage(userId, { title, url: `${pathname}${search}` })
  }, [title, appName, userId, pathname, search])
}
