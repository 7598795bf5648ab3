import type { TFunction } from 'i18next'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { isApiError } from '@/api/errors'
import { toast } from '@/components/ui/toast'

export type SaveFailure = 'profileUpdateFailed' | 'preferencesUpdateFailed'

/**
 * Tells the person why a save failed (spec §8): no session → "Authentication required to update the
 * profile"; the server's field messages go next to their fields; anything else gets the failure toast
 * with the server's message when it has one. What was typed stays in the form.
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  {
    t,
    failure,
    setError,
    fields = [],
  }: { t: TFunction; failure: SaveFailure; setError?: UseFormSetError<T>; fields?: readonly string[] },
) {
  if (isApiError(error) && error.status === 401) {
    toast({ title: t('profile:errors.authRequired'), variant: 'destructive' })
    return
  }
  if (isApiError(error) && error.fields && setError) {
    for (const [name, message] of Object.entries(error.fields)) {
      if (fields.includes(name.split('.')[0] ?? '')) setError(name as Path<T>, { type: 'server', message })
    }
  }
  const detail = isApiError(error) && error.status < 500 ? error.message : t('profile:errors.tryAgain')
  toast({ title: t(`profile:errors.${failure}`), description: detail, variant: 'destructive' })
}
