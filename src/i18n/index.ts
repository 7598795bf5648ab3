import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { START_NAMESPACES, baseI18nOptions, type SupportedLanguage } from './config'
import { languageDetector, localesBackend } from './loading'

export * from './config'

/**
 * Translations load over HTTP from `/locales/<lng>/<ns>.json` (one request per namespace, cached by the
 * browser, busted by a content hash). A failed load is retried 5 times, from 350 ms doubling (spec §9).
 * The legal texts (a third of all the copy) are not loaded at start: the legal pages ask for them, behind
 * the spinner that their own code shows anyway.
 */
export function initI18n(language?: SupportedLanguage) {
  void i18n
    .use(localesBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      ns: START_NAMESPACES,
      // A prerendered page's language (src/main.tsx): the server picked it as the detector would have.
      ...(language && { lng: language }),
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: true },
    })
  return i18n
}
