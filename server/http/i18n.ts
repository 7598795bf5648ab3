import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next'

export const SERVER_LANGUAGES = ['en', 'es'] as const
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number]
/**
 * What answers are written in: errors, field messages, the labels of lists of values they name, and the
 * labels of the seller's tables (myListings, dealDetail) that the CSV exports reuse.
 */
export const SERVER_NAMESPACES = ['errors', 'validation', 'values', 'myListings', 'dealDetail'] as const

const LOCALES_DIR = fileURLToPath(new URL('../../locales/', import.meta.url))

let shared: Promise<I18n> | undefined

/**
 * One i18next instance for the process, with the server's namespaces read from locales/ once.
 * Its own instance (not the global one) so nothing else in the process can change its language.
 */
export function loadServerI18n(): Promise<I18n> {
  shared ??= createServerI18n()
  return shared
}

async function createServerI18n(): Promise<I18n> {
  const resources: Resource = {}
  for (const lng of SERVER_LANGUAGES) {
    resources[lng] = Object.fromEntries(
      SERVER_NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(`${LOCALES_DIR}${lng}/${ns}.json`, 'utf8'))]),
    )
  }
  const instance = i18next.createInstance()
  await instance.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...SERVER_LANGUAGES],
    ns: [...SERVER_NAMESPACES],
    defaultNS: 'errors',
    // Answers are JSON, never HTML: escaping would turn "&" into "&amp;" in messages.
    interpolation: { escapeValue: false },
  })
  return instance
}

/**
 * Picks the caller's language from an Accept-Language header: the supported language with the
 * highest q-value (regional variants such as es-MX count as es), else English.
 */
export function pickLanguage(header: string | string[] | undefined): ServerLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const match = ranked.find((entry) => (SERVER_LANGUAGES as readonly string[]).includes(entry.base))
  return (match?.base as ServerLanguage | undefined) ?? 'en'
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The caller's language from Accept-Language (en or es). */
    language: ServerLanguage
    /** Translates into the caller's language: `request.t('errors:notFound')`. */
    t: TFunction
  }
}

/** Gives every request its language and translator, computed only when a handler asks. */
export function decorateRequestLanguage(app: FastifyInstance, i18n: I18n) {
  app.decorateRequest('language', {
    getter(this: { headers: Record<string, string | string[] | undefined> }) {
      return pickLanguage(this.headers['accept-language'])
    },
  })
  app.decorateRequest('t', {
    getter(this: { language: ServerLanguage }) {
      return i18n.getFixedT(this.language)
    },
  })
}
