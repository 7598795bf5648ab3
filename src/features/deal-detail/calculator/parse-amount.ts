export type ParsedAmount = { value: number | null; valid: boolean }

/**
 * Reads what a buyer typed into a calculator box: blank is "not given", thousands separators, a leading
 * "$" and a trailing "%" are tolerated; anything else, or a negative number, is invalid.
 */
export function parseAmount(text: string): ParsedAmount {
  const cleaned = text.trim().replace(/^\$/, '').replace(/%$/, '').replace(/,/g, '').trim()
  if (cleaned === '') return { value: null, valid: true }
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return { value: null, valid: false }
  return { value: Number(cleaned), valid: true }
}
