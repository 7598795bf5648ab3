import type { UseFormSetError } from 'react-hook-form'
import { isApiError } from '@/api/errors'
import { DuplicateAddressSchema } from '@/contract'
import type { DealFormState } from './form-values'

/** Why a save failed, as the form shows it above the fields. */
export type SaveFailure = { kind: 'duplicate'; existingDealId: string } | { kind: 'failed'; detail: string | null }

/**
 * The server's answer to a refused save: field messages go to their fields (the summary counts them), a
 * duplicate address links to the listing that holds it, anything else is "Update failed".
 */
export function readSaveError(
  error: unknown,
  setError: UseFormSetError<DealFormState>,
  knownFields: readonly string[],
): SaveFailure | null {
  if (isApiError(error) && error.status === 409) {
    const duplicate = DuplicateAddressSchema.safeParse(error.body)
    if (duplicate.success) return { kind: 'duplicate', existingDealId: duplicate.data.existingDealId }
  }
  const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : []
  const placed = fields.filter(([name]) => knownFields.includes(name))
  placed.forEach(([name, message], index) =>
    setError(name as keyof DealFormState, { type: 'server', message }, { shouldFocus: index === 0 }),
  )
  if (placed.length > 0) return null
  return { kind: 'failed', detail: isApiError(error) && error.status < 500 ? error.message : null }
}
