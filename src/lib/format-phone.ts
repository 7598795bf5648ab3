const NON_DIGITS = /\D/g

/**
 * Shows a US phone number as `(xxx) xxx-xxxx`.
 *
 * Only 10 digits, or 11 with a leading country code 1, are reformatted; anything
 * else is returned exactly as given, because a partial or foreign number is more
 * useful to the reader verbatim than half-formatted (spec section 5).
 */
export const formatPhone = (input: string | null | undefined): string => {
  if (input == null) return ''
  let digits = input.replace(NON_DIGITS, '')
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1)
  if (digits.length !== 10) return input
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}
