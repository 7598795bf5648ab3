import i18n from 'i18next'
import HttpBackend from 'i18next-http-backend'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import { LANGUAGE_COOKIE } from '@/contract'
import { LANGUAGE_STORAGE_KEY, NAMESPACES, baseI18nOptions, type SupportedLanguage } from './config'

export * from './config'

/**
 * Translations load over HTTP from `/locales/<lng>/<ns>.json` (one request per namespace, cached by the
 * browser, busted by a content hash). A failed load is retried 5 times, from 350 ms doubling (spec §9).
 * The legal texts (a third of all the copy) are not loaded at start: the legal pages ask for them, behind
 * the spinner that their own code shows anyway.
 */
export function initI18n(language?: SupportedLanguage) {
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      ...baseI18nOptions,
      ns: NAMESPACES.filter((ns) => ns !== 'legal'),
      // A prerendered page's language (src/main.tsx): the server picked it as the detector would have.
      ...(language && { lng: language }),
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${__LOCALES_VERSION__}` },
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        // The cookie tells the server which language to prerender the first page in (server/http/spa.ts).
        caches: ['localStorage', 'cookie'],
        lookupCookie: LANGUAGE_COOKIE,
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      react: { useSuspense: true },
    })
  return i18n
}
