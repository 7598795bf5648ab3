export type ParsedAmount = { value: number | null; valid: boolean; error?: 'notNumber' | 'negative' }

/**
 * Reads what a buyer typed into a calculator box: blank is "not given", thousands separators, a leading
 * "$" and a trailing "%" are tolerated; a negative amount is refused as such (`negative`, so the box can
 * say it must be positive), anything else that is not a number as `notNumber`.
 */
export function parseAmount(text: string): ParsedAmount {
  const trimmed = text.trim()
  const negative = trimmed.startsWith('-')
  const cleaned = (negative ? trimmed.slice(1).trim() : trimmed)
    .replace(/^\$/, '')
    .replace(/%$/, '')
    .replace(/,/g, '')
    .trim()
  if (cleaned === '' && !negative) return { value: null, valid: true }
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return { value: null, valid: false, error: 'notNumber' }
  if (negative && Number(cleaned) !== 0) return { value: null, valid: false, error: 'negative' }
  return { value: Number(cleaned), valid: true }
}
