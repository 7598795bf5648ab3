import type { FieldError } from 'react-hook-form'

type ListErrors = FieldError | (FieldError | undefined)[] | { message?: string } | undefined

/** The message of a list field: its own (too many items) or that of its first wrong item. */
export function listError(error: ListErrors | unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && typeof error.message === 'string') return error.message
  if (Array.isArray(error)) return error.map((item) => listError(item)).find(Boolean)
  if ('root' in error) return listError(error.root)
  return undefined
}
