import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { LANGUAGE_COOKIE } from '../../src/contract'
import type { Config } from '../config'
import { SERVER_LANGUAGES, pickLanguage, type ServerLanguage } from './i18n'

/**
 * Path prefixes that are never SPA pages, so an unknown path there answers a JSON 404 instead of
 * index.html: the API, the embedded identity provider, the realtime socket and uploaded files.
 */
export const NON_PAGE_PREFIXES = ['/api', '/cognito-idp', '/app', '/uploads'] as const

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
export const NO_CACHE = 'no-cache'
export const SPA_NOT_BUILT = 'SPA not built: run npm run build'

/**
 * Pages the build prerenders signed out, in each language (vite.config.ts), with their file under
 * `prerendered/<lng>/`. Only without a query string: what /auth shows depends on its query.
 */
export const PRERENDERED_PAGES: Record<string, string> = { '/': 'home.html', '/auth': 'auth.html' }

/** The visitor's language for a prerendered page: the SPA's language cookie, else Accept-Language. */
export function pageLanguage(request: FastifyRequest): ServerLanguage {
  const cookie = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`).exec(request.headers.cookie ?? '')?.[1]?.trim()
  const stored = SERVER_LANGUAGES.find((lng) => lng === cookie?.slice(0, 2))
  return stored ?? pickLanguage(request.headers['accept-language'])
}

export type Spa = {
  isBuilt: boolean
  /** Answers a page request no route or file matched: index.html, or the "not built" note. */
  servePage(request: FastifyRequest, reply: FastifyReply): FastifyReply
}

/** Serves the built SPA from STATIC_DIR; a missing build is reported, not fatal. */
export async function registerSpa(app: FastifyInstance, config: Pick<Config, 'STATIC_DIR'>): Promise<Spa> {
  const root = config.STATIC_DIR
  const isBuilt = existsSync(join(root, 'index.html'))
  if (!isBuilt) {
    app.log.warn({ staticDir: root }, SPA_NOT_BUILT)
    return {
      isBuilt,
      servePage: (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(SPA_NOT_BUILT),
    }
  }
  const assetsDir = join(root, 'assets') + sep
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    // `/` is a page like any other (prerendered in the visitor's language below), not the static index.
    allowedPath: (pathName) => pathName !== '/',
    // Vite puts a content hash in every name under assets/, so those never change; anything
    // else (index.html, locales) must be revalidated or a deploy would keep serving old copies.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE_CACHE : NO_CACHE)
    },
  })
  const prerendered = (request: FastifyRequest) => {
    const file = PRERENDERED_PAGES[request.url]
    if (!file) return null
    const language = pageLanguage(request)
    const relative = join('prerendered', language, file)
    return existsSync(join(root, relative)) ? { language, relative } : null
  }
  const spa: Spa = {
    isBuilt,
    servePage: (request, reply) => {
      reply.header('cache-control', NO_CACHE)
      const page = prerendered(request)
      if (!page) return reply.sendFile('index.html')
      // The same URL answers in the visitor's language: caches must keep one copy per language.
      return reply
        .header('vary', 'Accept-Language, Cookie')
        .header('content-language', page.language)
        .sendFile(page.relative)
    },
  }
  return spa
}

/** Which unmatched requests the SPA answers, rather than the JSON 404. */
export function isPageRequest(request: FastifyRequest, spa: Pick<Spa, 'isBuilt'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?')[0] ?? '/'
  if (NON_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false
  // Without a build every page is unavailable, whatever the client asked for.
  if (!spa.isBuilt) return true
  // A missing file (an old hashed asset, a typo) is not a route: index.html there would hide the 404.
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  if (lastSegment.includes('.') || path.startsWith('/assets/')) return false
  // `/` answers the page whatever the Accept header, as the static index did.
  return path === '/' || String(request.headers.accept ?? '').includes('text/html')
}
