import * as Tabs from '@radix-ui/react-tabs'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { passesRoleCheck, PRIVILEGED_ROLES, useSignedInUser } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { ButtonLink } from '@/components/ui/button'
import { BuyerFiltersSchema, type BuyerFilters } from '@/contract'
import { BuyerAnalyticsView } from './buyer-analytics-view'
import { BuyerFilterForm, filtersFrom } from './buyer-filters'
import { BuyerMapView } from './buyer-map-view'

const TABS = ['map', 'analytics'] as const
type Tab = (typeof TABS)[number]

/** `/buyers`: sellers, owners and admins (others are refused on the page, with the spec's words, as the server refuses them). */
export function BuyersPage() {
  const user = useSignedInUser()
  if (!passesRoleCheck(user, PRIVILEGED_ROLES)) return <BuyersAccessDenied />
  return <BuyerLocations />
}

function BuyersAccessDenied() {
  const { t } = useTranslation('buyerMaps')
  usePageTitle(t('denied.title'))
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('denied.title')}</h1>
      <p role="alert" className="text-slate-700">
        {t('denied.body')}
      </p>
      <ButtonLink to="/">{t('denied.home')}</ButtonLink>
    </div>
  )
}

/** The map of buyers by ZIP with its list, or the analytics tab; filters and tab live in the URL. */
function BuyerLocations() {
  const { t } = useTranslation('buyerMaps')
  usePageTitle(t('title'))
  const [search, setSearch] = useSearchParams()
  const filters = filtersFrom(search)
  const tab: Tab = search.get('tab') === 'analytics' ? 'analytics' : 'map'
  const write = (next: BuyerFilters, nextTab: Tab) => {
    const encoded = z.encode(BuyerFiltersSchema, next) as Record<string, string | undefined>
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(encoded)) if (value !== undefined && value !== '') params.set(key, value)
    if (nextTab !== 'map') params.set('tab', nextTab)
    setSearch(params, { replace: true, flushSync: true })
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4 px-4 py-6 sm:px-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="text-slate-700">{t('intro')}</p>
      </div>
      <BuyerFilterForm key={search.toString()} filters={filters} onChange={(next) => write(next, tab)} />
      <Tabs.Root value={tab} onValueChange={(value) => write(filters, value as Tab)} className="grid gap-4">
        <Tabs.List aria-label={t('tabs.label')} className="inline-flex w-fit gap-1 rounded-lg bg-slate-100 p-1">
          {TABS.map((each) => (
            <Tabs.Trigger
              key={each}
              value={each}
              className="rounded-md px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
            >
              {t(`tabs.${each}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="map" className="focus-visible:outline-2">
          <BuyerMapView filters={filters} />
        </Tabs.Content>
        <Tabs.Content value="analytics" className="focus-visible:outline-2">
          <BuyerAnalyticsView filters={filters} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
