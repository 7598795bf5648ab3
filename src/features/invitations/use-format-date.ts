import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { format } from 'date-fns'
import { enUS } from 'date-fns/locale/en-US'
import { es } from 'date-fns/locale/es'

/** Formats ISO dates in the interface language (`PP`: "Feb 3, 2027" / "3 feb 2027"). */
export function useFormatDate() {
  const { i18n } = useTranslation()
  const locale = i18n.resolvedLanguage === 'es' ? es : enUS
  return useCallback(
    (iso: string, pattern = 'PP') => {
      const date = new Date(iso)
      return Number.isNaN(date.getTime()) ? iso : format(date, pattern, { locale })
    },
    [locale],
  )
}
