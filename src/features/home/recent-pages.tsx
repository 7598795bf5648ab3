import { useMemo } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { getRecentPages } from '@/lib/recent-pages'

/** Recently visited pages of this user, newest first (spec §2, §3). */
export function RecentPages({ userId }: { userId: string }) {
  const { t } = useTranslation()
  // Read once per visit of the home page: the list changes on other pages, not here.
  const pages = useMemo(() => getRecentPages(userId).filter((page) => page.url !== '/'), [userId])
  return (
    <section aria-labelledby="recent-pages-heading" className="min-w-0 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="recent-pages-heading" className="text-lg font-semibold text-slate-900">
        {t('home.recent.title')}
      </h2>
      {pages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('home.recent.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {pages.map((page) => (
            <li key={page.url}>
              <Link
                to={page.url}
                className="flex items-center justify-between gap-4 py-2.5 text-sm font-medium text-brand-800 hover:underline"
              >
                <span className="min-w-0 truncate">{page.title}</span>
                <span aria-hidden="true" className="text-slate-400">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
