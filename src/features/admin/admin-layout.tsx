import { NavLink, Outlet, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { usePageTitle } from '@/components/page-title'
import { ADMIN_SECTIONS } from './sections'

/**
 * The admin panel (admins and owners; the route refuses anyone else): a heading, the sections as a tab
 * strip that scrolls sideways on a phone, and the section's page below.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin')
  const { pathname } = useLocation()
  const isCurrent = (section: (typeof ADMIN_SECTIONS)[number]) =>
    pathname === section.path || ('also' in section && pathname.startsWith(section.also))
  // The document title names the section ("Users · Admin panel"); a section's page sets none of its own.
  const current = ADMIN_SECTIONS.find(isCurrent)
  usePageTitle(current ? `${t(`nav.${current.key}`)} · ${t('title')}` : t('title'))
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
      <nav
        aria-label={t('nav.label')}
        className="mt-4 -mx-4 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0"
      >
        <ul className="flex min-w-max gap-1">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink
                to={section.path}
                end
                className={({ isActive: exact }) => {
                  const isActive = exact || isCurrent(section)
                  return clsx(
                    'inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
                    isActive
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                  )
                }}
              >
                {t(`nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  )
}
