import { toNestErrors } from '@hookform/resolvers'
import type { FieldError, Resolver } from 'react-hook-form'
import { DealInputSchema, requiredTermFields, type DealInput } from '@/contract'
import { formErrorMap } from '@/components/form/messages'
import { prepareDealInput, type DealFormState } from './form-values'

const required = (message = 'validation:required'): FieldError => ({ type: 'custom', message })

/**
 * The contract's listing rules for the form. zod runs the per-type refinement only once every plain field
 * passes, so the same rules (from the contract's `requiredTermFields`) are added here: the seller sees every
 * missing term at once and the summary counts them all.
 */
export const dealResolver: Resolver<DealFormState, unknown, DealInput> = async (values, _context, options) => {
  const prepared = prepareDealInput(values) as Record<string, unknown>
  const result = await DealInputSchema.safeParseAsync(prepared, { error: formErrorMap })
  if (result.success) return { values: result.data, errors: {} }
  const errors: Record<string, FieldError> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'root'
    errors[path] ??= { type: issue.code, message: issue.message }
  }
  const dealCategory = String(prepared.dealCategory)
  const purchaseType = typeof prepared.purchaseType === 'string' ? prepared.purchaseType : null
  if (dealCategory === 'creative' && !purchaseType) errors.purchaseType ??= required('validation:purchaseTypeRequired')
  for (const field of requiredTermFields({ dealCategory, purchaseType })) {
    if (prepared[field] === null || prepared[field] === undefined) errors[field] ??= required()
  }
  if (purchaseType === 'LeaseOption' && prepared.monthlyPaymentCredited && prepared.monthlyCreditAmount === null) {
    errors.monthlyCreditAmount ??= required()
  }
  return { values: {}, errors: toNestErrors(errors, options) }
}
