type Language = 'en' | 'es'

// Built once per language, on first use (the deal cards format a rate on every row; a page needs one language).
const formats: Partial<Record<Language, Intl.NumberFormat>> = {}
const formatFor = (language: Language) =>
  (formats[language] ??= new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: 3,
  }))

/**
 * The one way a rate is shown (cards, detail, calculator): a percentage as listings store it (3.375 means
 * 3.375 %) with up to three decimals and no trailing zeros: "3.375%", "6.5%", "7%"; '' when there is none.
 */
export function formatRate(percent: number | null | undefined, language: Language = 'en'): string {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return ''
  return formatFor(language).format(percent / 100)
}

/** A computed fraction (a return of 0.1029) shown as a rate: "10.29%". */
export const formatFractionAsRate = (fraction: number | null | undefined, language: Language = 'en') =>
  typeof fraction === 'number' ? formatRate(fraction * 100, language) : ''
