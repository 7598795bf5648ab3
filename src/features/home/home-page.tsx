import { useTranslation } from 'react-i18next'
import { isPrivileged, useAuth } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { ButtonLink } from '@/components/ui/button'
import { BECOME_SELLER_PATH } from '@/features/profile'
import { RecentPages } from './recent-pages'

const HIGHLIGHTS = ['creative', 'calculator', 'buyers'] as const

/** `/`: buy and sell buttons and recently visited pages (spec §2). */
export function HomePage() {
  const { t } = useTranslation()
  const { user } = useAuth()
  usePageTitle(t('app.name'))
  const buyTo = user ? '/deals' : '/signup/buyer'
  // A buyer is not refused at the listing form: they are shown where to add the seller role.
  const sellTo = !user ? '/signup/seller' : isPrivileged(user) ? '/deals/new' : BECOME_SELLER_PATH

  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto grid max-w-page gap-8 px-4 py-14 sm:px-6 md:py-20">
          <div className="max-w-3xl">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('home.eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t('home.title')}</h1>
            <p className="mt-4 text-lg text-slate-700">{t('home.subtitle')}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={buyTo} size="lg">
              {t('home.buy')}
            </ButtonLink>
            <ButtonLink to={sellTo} size="lg" variant="secondary">
              {t('home.sell')}
            </ButtonLink>
          </div>
          {!user && <p className="text-sm text-slate-600">{t('home.inviteOnly')}</p>}
        </div>
      </section>
      <div className="mx-auto grid max-w-page gap-8 px-4 py-12 sm:px-6">
        {user && <RecentPages userId={user.userId} />}
        <section aria-labelledby="highlights-heading">
          <h2 id="highlights-heading" className="text-2xl font-bold text-slate-900">
            {t('home.highlights.title')}
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {HIGHLIGHTS.map((key) => (
              <li key={key} className="rounded-xl border border-slate-200 bg-white p-6">
                <h3 className="font-semibold text-slate-900">{t(`home.highlights.${key}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-700">{t(`home.highlights.${key}.body`)}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
