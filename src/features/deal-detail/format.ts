import { formatUsd } from '@/lib/format-currency'
import { formatFractionAsRate, formatRate as formatRateText } from '@/lib/format-rate'

export type Language = 'en' | 'es'

export const languageOf = (language: string | undefined): Language => (language?.startsWith('es') ? 'es' : 'en')

const numberFormats = {
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
  es: new Intl.NumberFormat('es-US', { maximumFractionDigits: 2 }),
}

/** A computed fraction as a rate, by the app's one rate format: 0.0829 → "8.29%". */
export const formatFraction = (value: number | null, language: Language) => formatFractionAsRate(value, language)

/** A listing rate as stored (6.5 means 6.5 %), by the app's one rate format: "6.5%", "3.375%". */
export const formatRate = (percent: number | null, language: Language) => formatRateText(percent, language)

const ratioFormats = {
  en: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  es: new Intl.NumberFormat('es-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
}

/** A ratio such as DSCR, always with two decimals: 1.25, 3.00. */
export const formatRatio = (value: number | null, language: Language) =>
  value === null || !Number.isFinite(value) ? '' : ratioFormats[language].format(value)

export const formatNumber = (value: number | null, language: Language) =>
  value === null || !Number.isFinite(value) ? '' : numberFormats[language].format(value)

/** Dollars with cents for monthly figures, whole dollars for large ones. */
export const formatMoney = (value: number | null, cents = false) => (value === null ? '' : formatUsd(value, { cents }))
