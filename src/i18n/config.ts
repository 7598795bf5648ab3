import type { InitOptions } from 'i18next'

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number]
export const DEFAULT_LANGUAGE: SupportedLanguage = 'en'

/** Local storage key holding the chosen language (spec section 3). */
export const LANGUAGE_STORAGE_KEY = 'language'

/** Every namespace file under locales/<lng>/ the SPA reads (the server's mail.json aside). */
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
  'admin',
  'feedback',
  'roadmap',
  'training',
  'help',
  'matching',
  'dealAnalytics',
  'buyerMaps',
  'ownersClub',
] as const

/**
 * The namespaces the pages that use them ask for: the legal texts (a third of all the copy), the admin
 * panel (admins only), the feedback forms, the roadmap, the buyer training, the help centre and the
 * matching reasons (buyers' pages).
 */
export const ON_DEMAND_NAMESPACES: readonly string[] = [
  'legal',
  'admin',
  'feedback',
  'roadmap',
  'training',
  'help',
  'matching',
  'dealAnalytics',
  'buyerMaps',
  'ownersClub',
]

/**
 * The namespaces the SPA loads at start (and the built pages preload): all but the on-demand ones. The
 * mails (`mail.json`) are the server's only.
 */
export const START_NAMESPACES = NAMESPACES.filter((ns) => !ON_DEMAND_NAMESPACES.includes(ns))

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
