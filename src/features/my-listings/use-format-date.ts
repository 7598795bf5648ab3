import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/** Dates in the person's language: "Nov 2, 2026", with the time when asked. */
export function useFormatDate(withTime = false) {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(
      language,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    )
    return (iso: string) => format.format(new Date(iso))
  }, [language, withTime])
}
