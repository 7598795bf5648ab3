import type { InitOptions } from 'i18next'

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: SupportedLanguage = 'en'

/** Local storage key holding the chosen language (spec section 3). */
export const LANGUAGE_STORAGE_KEY = 'language'

/** Every namespace file under locales/<lng>/. */
export const NAMESPACES = [
  'common',
  'legal',
  'errors',
  'validation',
  'auth',
  'signup',
  'profile',
  'values',
  'dealForm',
  'myListings',
  'dealsBrowse',
  'dealDetail',
  'chat',
  'dashboard',
] as const

export const baseI18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
} satisfies InitOptions

export const isSupportedLanguage = (value: unknown): value is SupportedLanguage =>
  typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
