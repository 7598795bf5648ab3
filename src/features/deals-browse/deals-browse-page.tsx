import { useCallback, useMemo } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { useLocation, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { isPrivileged, useSignedInUser } from '@/auth'
import { usePageTitle } from '@/components/page-title'
import { Button, ButtonLink } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useMediaQuery } from '@/components/use-media-query'
import { activeFilterCount, clearFilters, patchParams, readBrowseState } from './browse-params'
import { BrowseMap } from './browse-map'
import { BrowseToolbar } from './browse-toolbar'
import { DealResults } from './deal-results'
import { useDealPage } from './deals-api'
import { FilterFields, type FilterPatch } from './filter-fields'
import { SaveSearchButton } from '@/features/saved-searches'

/** Tailwind's `md` breakpoint: below it the filters become a sheet and the map a toggle. */
const DESKTOP_QUERY = '(min-width: 768px)'

/** URL updates from the page's controls render at once (see `change`). */
const AT_ONCE = { flushSync: true } as const

/** Where the map sits beside the list, and how tall it is. */
const MAP_BOX = 'h-[60vh] xl:sticky xl:top-4 xl:order-2 xl:h-[calc(100vh-6rem)]'

/** `/deals`: search, filters, sort, pages and the map, all read from and written to the URL (spec §2). */
export function DealsBrowsePage() {
  const { t } = useTranslation('dealsBrowse')
  const user = useSignedInUser()
  usePageTitle(t('page.title'))
  return <Browse canSell={isPrivileged(user)} />
}

function Browse({ canSell }: { canSell: boolean }) {
  const { t } = useTranslation('dealsBrowse')
  const [params, setParams] = useSearchParams()
  const { pathname, search } = useLocation()
  // Null while hydrating the server's markup (a member's /deals): both layouts are there, CSS shows one.
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const unknownScreen = isDesktop === null
  const state = useMemo(() => readBrowseState(params), [params])
  // "Best match" is offered to a buyer whose page is scored (the same query as the results, shared).
  const scored = useDealPage(state).data?.matching === 'scored'
  const filterCount = activeFilterCount(state)
  const showMap = isDesktop === true || (isDesktop === false && params.get('mode') === 'map')

  // The URL is these controls' state: it changes at once (flushSync), or a controlled select or checkbox shows
  // its old value until the router's transition renders (under load, long enough to read as a snap-back).
  const change = useCallback(
    (patch: FilterPatch) => setParams((current) => patchParams(current, patch), AT_ONCE),
    [setParams],
  )
  const clear = useCallback(() => setParams((current) => clearFilters(current), AT_ONCE), [setParams])
  // Made once per filter state: when the screen becomes known after hydration only the layout around them
  // changes, and the cards and filter fields are not rendered again (a long task on a slow phone).
  const results = useMemo(() => <DealResults state={state} onClearFilters={clear} />, [state, clear])
  const filterFields = useMemo(() => <FilterFields state={state} onChange={change} />, [state, change])
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${pathname}${search}`)
      toast({ title: t('copyLink.copied'), variant: 'success' })
    } catch {
      toast({ title: t('copyLink.failed'), variant: 'destructive' })
    }
  }

  return (
    <div className="mx-auto grid max-w-screen-2xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('page.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void copyLink()}>
            {t('copyLink.button')}
          </Button>
          <SaveSearchButton state={state} />
          {canSell && (
            <>
              <ButtonLink to="/deals/mine" variant="secondary">
                {t('actions.myListings')}
              </ButtonLink>
              <ButtonLink to="/deals/new">{t('actions.listDeal')}</ButtonLink>
            </>
          )}
        </div>
      </div>
      <BrowseToolbar state={state} onChange={change} scored={scored} />
      {isDesktop !== true && (
        <div className={clsx('flex flex-wrap items-center justify-between gap-2', unknownScreen && 'md:hidden')}>
          <FilterSheet state={state} count={filterCount} onChange={change} onClear={clear} />
          <div
            role="group"
            aria-label={t('mode.label')}
            className="flex rounded-md border border-slate-300 bg-white p-0.5"
          >
            {(['list', 'map'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={(mode === 'map') === showMap}
                onClick={() =>
                  setParams((current) => {
                    const next = new URLSearchParams(current)
                    if (mode === 'map') next.set('mode', 'map')
                    else next.delete('mode')
                    return next
                  }, AT_ONCE)
                }
                className={clsx(
                  'rounded px-3 py-1.5 text-sm font-semibold',
                  (mode === 'map') === showMap ? 'bg-brand-700 text-white' : 'text-slate-700',
                )}
              >
                {t(`mode.${mode}`)}
              </button>
            ))}
          </div>
        </div>
      )}
      <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
        {isDesktop !== false && (
          <aside
            aria-labelledby="deal-filters-title"
            className={clsx('content-start gap-4', unknownScreen ? 'hidden md:grid' : 'grid')}
          >
            <div className="flex items-center justify-between">
              <h2 id="deal-filters-title" className="text-base font-semibold text-slate-900">
                {t('filters.title')}
              </h2>
              {filterCount > 0 && (
                <button type="button" onClick={clear} className="text-sm font-semibold text-brand-700 underline">
                  {t('filters.clear')}
                </button>
              )}
            </div>
            {filterFields}
          </aside>
        )}
        <div className="grid content-start gap-6 xl:grid-cols-2">
          {showMap && <BrowseMap state={state} onChange={change} className={MAP_BOX} />}
          {/* The map's box, kept on a wide screen until the map comes, so the list does not move then. */}
          {unknownScreen && (
            <div aria-hidden="true" className={clsx('hidden min-w-0 flex-col md:flex', MAP_BOX)}>
              <div className="min-h-80 flex-1 rounded-lg bg-slate-100" />
            </div>
          )}
          {(isDesktop !== false || !showMap) && results}
        </div>
      </div>
    </div>
  )
}

function FilterSheet({
  state,
  count,
  onChange,
  onClear,
}: {
  state: ReturnType<typeof readBrowseState>
  count: number
  onChange: (patch: FilterPatch) => void
  onClear: () => void
}) {
  const { t } = useTranslation('dealsBrowse')
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800">
        {count > 0 ? t('filters.openWithCount', { count }) : t('filters.open')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-[1200] flex max-h-[90vh] flex-col rounded-t-xl bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 p-4">
            <Dialog.Title className="text-base font-semibold text-slate-900">{t('filters.title')}</Dialog.Title>
            <Dialog.Close aria-label={t('filters.close')} className="rounded p-2 text-slate-700 hover:bg-slate-100">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t('filters.description')}</Dialog.Description>
          <div className="overflow-y-auto p-4">
            <FilterFields state={state} onChange={onChange} />
          </div>
          <div className="flex justify-between gap-2 border-t border-slate-200 p-4">
            <Button variant="ghost" onClick={onClear} disabled={count === 0}>
              {t('filters.clear')}
            </Button>
            <Dialog.Close asChild>
              <Button>{t('filters.done')}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
