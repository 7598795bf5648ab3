import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, type DateStyle } from '@/lib/format-date'

/** `formatDate` in the interface language: `formatDate(iso)` → "Nov 2, 2026" / "2 nov 2026". */
export function useFormatDate() {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return useCallback((value: Date | string, style?: DateStyle) => formatDate(value, language, style), [language])
}
