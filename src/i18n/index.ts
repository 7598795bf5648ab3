import i18n from 'i18next'
import HttpBackend from 'i18next-http-backend'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import { LANGUAGE_STORAGE_KEY, NAMESPACES, baseI18nOptions } from './config'

export * from './config'

/**
 * Translations load over HTTP from `/locales/<lng>/<ns>.json` (one request per namespace, cached by the
 * browser, busted by a content hash). A failed load is retried 5 times, from 350 ms doubling (spec §9).
 * The legal texts (a third of all the copy) are not loaded at start: the legal pages ask for them, behind
 * the spinner that their own code shows anyway.
 */
export function initI18n() {
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      ns: NAMESPACES.filter((ns) => ns !== 'legal'),
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${__LOCALES_VERSION__}` },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
      },
      react: { useSuspense: true },
    })
  return i18n
}
