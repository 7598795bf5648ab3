import { Link, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { DEAL_CATEGORIES, LISTING_STATUSES, MyDealsQuerySchema } from '@/contract'
import { Pagination } from '@/features/deals-browse'
import { FilterSelect } from './filter-select'
import { ListingRow } from './listing-row'
import { useMyDeals, type MyDealsQuery } from './my-listings-api'

const STATUSES = LISTING_STATUSES.filter((status) => status !== 'deleted')
/** The table's columns in order; the counts are right-aligned. */
const COLUMNS = ['address', 'type', 'price', 'status', 'interests', 'offers', 'updated', 'actions'] as const
const COUNT_COLUMNS: readonly string[] = ['interests', 'offers']

const PAGE_SIZE = 20

/** The filters and page live in the URL; a hand-edited value that is not one of the options is ignored. */
function readQuery(params: URLSearchParams): MyDealsQuery {
  const status = MyDealsQuerySchema.shape.status.safeParse(params.get('status') ?? undefined)
  const dealCategory = MyDealsQuerySchema.shape.dealCategory.safeParse(params.get('dealCategory') ?? undefined)
  const page = MyDealsQuerySchema.shape.page.safeParse(params.get('page') ?? undefined)
  return {
    ...(status.success && status.data ? { status: status.data } : {}),
    ...(dealCategory.success && dealCategory.data ? { dealCategory: dealCategory.data } : {}),
    page: page.success ? page.data : 1,
    pageSize: PAGE_SIZE,
  }
}

/** `/deals/mine`: the seller's listings (sellers, owners and admins: the route's guard sees to that). */
export function MyListingsPage() {
  const { t } = useTranslation('myListings')
  usePageTitle(t('page.title'))
  return <MyListings />
}

function MyListings() {
  const { t } = useTranslation('myListings')
  const [params, setParams] = useSearchParams()
  const query = readQuery(params)
  const deals = useMyDeals(query)
  const isFiltered = Boolean(query.status || query.dealCategory)
  const lastPage = deals.data ? Math.max(1, Math.ceil(deals.data.total / deals.data.pageSize)) : 1
  const lastPageHref = () => {
    const next = new URLSearchParams(params)
    if (lastPage > 1) next.set('page', String(lastPage))
    else next.delete('page')
    return `?${next.toString()}`
  }

  const setFilter = (name: keyof MyDealsQuery, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    // Another filter is another list: start it from its first page.
    next.delete('page')
    setParams(next, { replace: true, flushSync: true })
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('page.title')}</h1>
          <p className="text-slate-700">{t('page.subtitle')}</p>
        </div>
        <ButtonLink to="/deals/new">{t('page.listDeal')}</ButtonLink>
      </div>
      <div className="flex flex-wrap gap-4" role="group" aria-label={t('filters.label')}>
        <FilterSelect
          label={t('filters.status')}
          allLabel={t('filters.allStatuses')}
          values={STATUSES}
          optionLabel={(value) => t(`values:listingStatuses.${value}`)}
          value={query.status}
          onChange={(value) => setFilter('status', value)}
        />
        <FilterSelect
          label={t('filters.category')}
          allLabel={t('filters.allCategories')}
          values={DEAL_CATEGORIES}
          optionLabel={(value) => t(`values:dealCategories.${value}`)}
          value={query.dealCategory}
          onChange={(value) => setFilter('dealCategory', value)}
        />
      </div>
      {deals.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : deals.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-sm text-red-800">{t('errors.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void deals.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : deals.data.items.length === 0 && deals.data.total > 0 ? (
        // A page past the end (a bookmark, or the last listings of the last page just went): offer the last one.
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="font-semibold text-slate-900">
            {t('pagination.outOfRange', { page: query.page, count: lastPage })}
          </p>
          <Link to={lastPageHref()} className="font-semibold text-brand-800 underline underline-offset-2">
            {t('pagination.lastPage')}
          </Link>
        </div>
      ) : deals.data.items.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <p className="font-semibold text-slate-900">{isFiltered ? t('empty.filtered') : t('empty.title')}</p>
          {!isFiltered && <p className="text-sm text-slate-700">{t('empty.body')}</p>}
          <ButtonLink to="/deals/new">{t('page.listDeal')}</ButtonLink>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm font-medium text-slate-700" aria-live="polite">
            {t('page.count', { count: deals.data.total })}
          </p>
          <table className="w-full text-sm max-md:block">
            <caption className="sr-only">{t('page.caption', { count: deals.data.total })}</caption>
            <thead className="text-left text-xs tracking-wide text-slate-600 uppercase max-md:sr-only">
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={COUNT_COLUMNS.includes(column) ? 'px-3 py-2 text-right' : 'px-3 py-2'}
                  >
                    {t(`columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {deals.data.items.map((deal) => (
                <ListingRow key={deal.id} deal={deal} />
              ))}
            </tbody>
          </table>
          <Pagination page={deals.data.page} total={deals.data.total} pageSize={deals.data.pageSize} />
        </div>
      )}
    </div>
  )
}
