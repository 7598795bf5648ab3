import type { UseFormSetError } from 'react-hook-form'
import { isApiError } from '@/api/errors'
import { DuplicateAddressSchema, OwnDuplicateAddressSchema } from '@/contract'
import type { DealFormState } from './form-values'

/** Why a save failed, as the form shows it above the fields. */
export type SaveFailure =
  /** Another user lists the address; no link when that listing's address is hidden. */
  | { kind: 'duplicate'; existingDealId: string | null }
  /** The seller lists it already: they may confirm publishing another version. */
  | { kind: 'ownDuplicate'; existingDealId: string }
  | { kind: 'failed'; detail: string | null }

/**
 * The server's answer to a refused save: field messages go to their fields (the summary counts them), a
 * duplicate address links to the listing that holds it (unless its address is hidden), the seller's own
 * duplicate asks to confirm, anything else is "Update failed".
 */
export function readSaveError(
  error: unknown,
  setError: UseFormSetError<DealFormState>,
  knownFields: readonly string[],
): SaveFailure | null {
  if (isApiError(error) && error.status === 409) {
    const duplicate = DuplicateAddressSchema.safeParse(error.body)
    if (duplicate.success) return { kind: 'duplicate', existingDealId: duplicate.data.existingDealId ?? null }
    const own = OwnDuplicateAddressSchema.safeParse(error.body)
    if (own.success) return { kind: 'ownDuplicate', existingDealId: own.data.existingDealId }
  }
  const fields = isApiError(error) ? Object.entries(error.fields ?? {}) : []
  const placed = fields.filter(([name]) => knownFields.includes(name))
  placed.forEach(([name, message], index) =>
    setError(name as keyof DealFormState, { type: 'server', message }, { shouldFocus: index === 0 }),
  )
  if (placed.length > 0) return null
  return { kind: 'failed', detail: isApiError(error) && error.status < 500 ? error.message : null }
}
