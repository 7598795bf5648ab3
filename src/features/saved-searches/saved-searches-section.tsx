import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { z } from 'zod'
import { isApiError } from '@/api/errors'
import { toQueryString } from '@/api/query-string'
import { CheckboxGroup, RadioGroup } from '@/components/form/choices'
import { useValueOptions } from '@/components/form/options'
import { Button, buttonClass } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { toast } from '@/components/ui/toast'
import {
  NOTIFICATION_CHANNELS,
  SEARCH_FREQUENCIES,
  SavedSearchFiltersSchema,
  type SavedSearch,
  type SavedSearchUpdate,
} from '@/contract'
import { describeFilters } from './describe-filters'
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './saved-searches-api'
import { Panel } from '@/components/ui/panel'

/** `/deals` with a search's filters, as a shared browse link carries them. */
const browseHref = (search: SavedSearch) => `/deals${toQueryString(z.encode(SavedSearchFiltersSchema, search.filters))}`

/**
 * Profile → Buy box: the buyer's saved searches, beside the buy box (both drive alerts). Each shows its
 * filters in words, its frequency and channels (changed at once), "Open" on /deals and delete with a
 * confirmation.
 */
export function SavedSearchesSection() {
  const { t } = useTranslation('dealsBrowse')
  const searches = useSavedSearches()
  return (
    <Panel title={t('savedSearches.title')} description={t('savedSearches.description')}>
      {searches.isPending ? (
        <Spinner label={t('savedSearches.loading')} />
      ) : searches.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('savedSearches.loadFailed')}
        </p>
      ) : searches.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">
          {t('savedSearches.empty')}{' '}
          <Link to="/deals" className="font-medium text-brand-700 underline">
            {t('savedSearches.browse')}
          </Link>
        </p>
      ) : (
        <ul className="grid gap-3">
          {searches.data.items.map((search) => (
            <SavedSearchItem key={search.id} search={search} />
          ))}
        </ul>
      )}
    </Panel>
  )
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const { t } = useTranslation('dealsBrowse')
  const update = useUpdateSavedSearch()
  const remove = useDeleteSavedSearch()
  const frequencyOptions = useValueOptions('searchFrequencies', SEARCH_FREQUENCIES)
  const channelOptions = useValueOptions('notificationChannels', NOTIFICATION_CHANNELS)
  const change = (body: SavedSearchUpdate) =>
    update.mutate(
      { id: search.id, body },
      {
        onSuccess: () => toast({ title: t('savedSearches.updated'), variant: 'success' }),
        onError: (error) =>
          toast({
            title: t('savedSearches.failed'),
            description: isApiError(error) && error.status < 500 ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )
  const titleId = `saved-search-${search.id}`
  return (
    <li aria-labelledby={titleId} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={titleId} className="font-medium break-words text-slate-900">
            {search.name}
          </h3>
          <p className="text-sm break-words text-slate-600">{describeFilters(search.filters, t).join(' · ')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={browseHref(search)} className={buttonClass('secondary', 'sm')}>
            {t('savedSearches.open')}
            <span className="sr-only"> {search.name}</span>
          </Link>
          <Dialog.Root>
            <Dialog.Trigger asChild>
              <Button variant="ghost" size="sm">
                {t('savedSearches.delete')}
                <span className="sr-only"> {search.name}</span>
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
              <Dialog.Content
                role="alertdialog"
                className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-5 shadow-xl"
              >
                <Dialog.Title className="text-lg font-semibold text-slate-900">
                  {t('savedSearches.deleteTitle', { name: search.name })}
                </Dialog.Title>
                <Dialog.Description className="text-sm text-slate-700">
                  {t('savedSearches.deleteDescription')}
                </Dialog.Description>
                <div className="flex flex-wrap justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">{t('savedSearches.cancel')}</Button>
                  </Dialog.Close>
                  <Dialog.Close asChild>
                    <Button variant="danger" onClick={() => remove.mutate(search.id)}>
                      {t('savedSearches.confirmDelete')}
                    </Button>
                  </Dialog.Close>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
      <RadioGroup
        legend={t('savedSearches.frequency')}
        name={`frequency-${search.id}`}
        options={frequencyOptions}
        value={search.frequency}
        onChange={(frequency) => change({ frequency })}
        columns={3}
      />
      <CheckboxGroup
        legend={t('savedSearches.channels')}
        hint={t('savedSearches.channelsHint')}
        options={channelOptions}
        value={search.channels}
        onChange={(channels) => change({ channels })}
        columns={3}
      />
    </li>
  )
}
