import type { BackendModule, LanguageDetectorModule, ResourceKey } from 'i18next'
import { request } from '@/api/client'
import { ApiError } from '@/api/errors'
import { LANGUAGE_COOKIE } from '@/contract'
import { LANGUAGE_STORAGE_KEY } from './config'

/*
 * How i18next finds the language and loads the copy, in our own few lines instead of
 * i18next-browser-languagedetector and i18next-http-backend (5 KB gzip of the first page's budget for what
 * we use of them). i18next itself retries a failed load (maxRetries, retryTimeout) when told to.
 */

const YEAR_SECONDS = 60 * 60 * 24 * 365

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    return null
  }
}

/**
 * The stored choice (spec §3), else what the browser asks for, best first (i18next picks the first it
 * supports: `es-MX` is Spanish). The choice is kept in local storage, and in a cookie for the server, which
 * prerenders the first page in it (server/http/spa.ts).
 */
export const languageDetector: LanguageDetectorModule & { detect: () => string[] } = {
  type: 'languageDetector',
  detect: () => {
    const choice = stored()
    if (choice) return [choice]
    return navigator.languages?.length ? [...navigator.languages] : [navigator.language]
  },
  cacheUserLanguage: (language) => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this page only.
    }
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`
  },
}

/**
 * `/locales/<lng>/<ns>.json`, versioned by a content hash so the browser may cache it; a server or network
 * failure asks i18next to try again, a missing file does not.
 */
export const localesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    request<ResourceKey>({
      url: `/locales/${language}/${namespace}.json`,
      query: { v: __LOCALES_VERSION__ },
      auth: 'public',
    }).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, !(error instanceof ApiError && error.status >= 400 && error.status < 500)),
    )
  },
}
