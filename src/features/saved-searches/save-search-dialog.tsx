import * as Dialog from '@radix-ui/react-dialog'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { isApiError } from '@/api/errors'
import { passesRoleCheck, useSignedInUser } from '@/auth'
import { CheckboxGroup, RadioGroup } from '@/components/form/choices'
import { useValueOptions } from '@/components/form/options'
import { Button } from '@/components/ui/button'
import { Field, TextInput } from '@/components/ui/field'
import { FormAlert } from '@/components/ui/form-alert'
import { toast } from '@/components/ui/toast'
import {
  NOTIFICATION_CHANNELS,
  SAVED_SEARCH_NAME_MAX,
  SEARCH_FREQUENCIES,
  SavedSearchFiltersSchema,
  activeFilterCount,
  type SavedSearch,
  type SavedSearchFilters,
} from '@/contract'
import { suggestedName } from './describe-filters'
import { useCreateSavedSearch } from './saved-searches-api'

const FILTER_KEYS = Object.keys(SavedSearchFiltersSchema.shape) as (keyof SavedSearchFilters)[]

/** The narrowing filters out of browse's whole state (the view, area, sort and page are not part of a search). */
const pickFilters = (state: Partial<SavedSearchFilters>): SavedSearchFilters =>
  Object.fromEntries(FILTER_KEYS.map((key) => [key, state[key]])) as SavedSearchFilters

/**
 * "Save search" on /deals for buyers (and owners, admins): disabled with a hint until a filter is set; opens a
 * dialog with a name made from the filters, the alert frequency and the channels beyond the in-app notice.
 */
export function SaveSearchButton({ state }: { state: Partial<SavedSearchFilters> }) {
  const { t } = useTranslation('dealsBrowse')
  const user = useSignedInUser()
  const [open, setOpen] = useState(false)
  if (!passesRoleCheck(user, ['buyer'])) return null
  const filters = pickFilters(state)
  const none = activeFilterCount(filters) === 0
  return (
    <>
      <Button
        variant="secondary"
        disabled={none}
        aria-describedby={none ? 'save-search-hint' : undefined}
        onClick={() => setOpen(true)}
      >
        {t('savedSearches.save')}
      </Button>
      {none && (
        <span id="save-search-hint" className="sr-only">
          {t('savedSearches.needsFilter')}
        </span>
      )}
      {open && <SaveSearchDialog filters={filters} onClose={() => setOpen(false)} />}
    </>
  )
}

function SaveSearchDialog({ filters, onClose }: { filters: SavedSearchFilters; onClose: () => void }) {
  const { t } = useTranslation('dealsBrowse')
  const [name, setName] = useState(() => suggestedName(filters, t))
  const [frequency, setFrequency] = useState<SavedSearch['frequency']>('daily')
  const [channels, setChannels] = useState<SavedSearch['channels']>(['email'])
  const [errors, setErrors] = useState<{ name?: string; root?: string }>({})
  const create = useCreateSavedSearch()
  const frequencyOptions = useValueOptions('searchFrequencies', SEARCH_FREQUENCIES)
  const channelOptions = useValueOptions('notificationChannels', NOTIFICATION_CHANNELS)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setErrors({ name: 'validation:required' })
    setErrors({})
    try {
      await create.mutateAsync({
        name,
        filters: z.encode(SavedSearchFiltersSchema, filters),
        frequency,
        channels,
      })
      toast({ title: t('savedSearches.saved', { name: name.trim() }), variant: 'success' })
      onClose()
    } catch (error) {
      const field = isApiError(error) ? error.fields?.name : undefined
      if (field) setErrors({ name: field })
      else setErrors({ root: isApiError(error) && error.status < 500 ? error.message : t('savedSearches.failed') })
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('savedSearches.dialogTitle')}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            {t('savedSearches.dialogDescription')}
          </Dialog.Description>
          <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
            <Field label={t('savedSearches.name')} required announceError error={errors.name}>
              {(control) => (
                <TextInput
                  {...control}
                  value={name}
                  maxLength={SAVED_SEARCH_NAME_MAX}
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </Field>
            <RadioGroup
              legend={t('savedSearches.frequency')}
              name="saved-search-frequency"
              options={frequencyOptions}
              value={frequency}
              onChange={(value) => setFrequency(value)}
              columns={3}
            />
            <CheckboxGroup
              legend={t('savedSearches.channels')}
              hint={t('savedSearches.channelsHint')}
              options={channelOptions}
              value={channels}
              onChange={(value) => setChannels([...value])}
              columns={3}
            />
            <FormAlert>{errors.root}</FormAlert>
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <Button variant="secondary">{t('savedSearches.cancel')}</Button>
              </Dialog.Close>
              <Button type="submit" disabled={create.isPending}>
                {t('savedSearches.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
