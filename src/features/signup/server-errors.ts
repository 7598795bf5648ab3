import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { isApiError } from '@/api/errors'

/**
 * Puts the server's field messages (`ApiError.fields`, already in the user's language) on the form's
 * fields. `aliases` maps a server path (`humanCheck.answer`) to the form field that shows it. Answers
 * whether any landed, so the caller knows if a form-level message is still needed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
  aliases: Record<string, Path<T>> = {},
): boolean {
  const fields = isApiError(error) ? error.fields : undefined
  if (!fields) return false
  let landed = false
  for (const [path, message] of Object.entries(fields)) {
    const name = aliases[path] ?? (known.includes(path as Path<T>) ? (path as Path<T>) : undefined)
    if (!name) continue
    setError(name, { type: 'server', message }, { shouldFocus: !landed })
    landed = true
  }
  return landed
}
