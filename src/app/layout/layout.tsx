import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '@/components/ui/spinner'
import { WebinarBanner } from '@/features/banner'
import { ProfileCompletionGuard } from '@/features/profile'
import { Footer } from './footer'
import { Header } from './header'

export function Layout() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <Header />
      <WebinarBanner />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<PageSpinner />}>
          <ProfileCompletionGuard>
            <Outlet />
          </ProfileCompletionGuard>
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  )
}
