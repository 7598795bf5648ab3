import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  BOOT_STATE_ID,
  BOOT_STATE_MARK,
  LANGUAGE_COOKIE,
  MEMBER_MARKUP_MARK,
  MEMBER_PAGE_FILES,
  type MemberPageRenderer,
} from '../../src/contract'
import type { Config } from '../config'
import { clearPageSession, readPageSession } from './page-session-cookie'
import { countHit } from './rate-limit-store'
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

/** How many member pages one page session gets rendered a minute; past it, the SPA renders them. */
export const MEMBER_RENDERS_PER_MINUTE = 60

/** The server-rendering build of the SPA (src/prerender.tsx), inside the build, never served as a file. */
export const RENDERER_FILE = join('server', 'prerender.js')

/** JSON inside a `<script>` element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The visitor's language for a prerendered page: the SPA's language cookie, else Accept-Language. */
export function pageLanguage(request: FastifyRequest): ServerLanguage {
  const cookie = request.cookies[LANGUAGE_COOKIE]?.trim()
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
    // The server-rendering module sits in the build too, but is the server's code, not a file for browsers.
    allowedPath: (pathName) => pathName !== '/' && !pathName.startsWith('/server/'),
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
  const memberPage = await memberPages(app, root)
  const servePlain = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', NO_CACHE)
    const page = prerendered(request)
    if (!page) return reply.sendFile('index.html')
    // The same URL answers in the visitor's language: caches must keep one copy per language.
    return reply
      .header('vary', 'Accept-Language, Cookie')
      .header('content-language', page.language)
      .sendFile(page.relative)
  }
  const spa: Spa = {
    isBuilt,
    servePage: (request, reply) => {
      const render = memberPage(request, reply)
      if (!render) return servePlain(request, reply)
      // Nothing below returns the reply: a reply is a thenable, and resolving a promise with it adds listeners.
      void render
        .then((html) => {
          if (html === null) {
            servePlain(request, reply)
            return
          }
          // A member's own page: never kept by a shared cache, and another cookie is another page.
          void reply
            .header('cache-control', 'private, no-store')
            .header('vary', 'Cookie')
            .header('content-language', html.language)
            .type('text/html; charset=utf-8')
            .send(html.body)
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'member page not rendered; the SPA renders it')
          if (!reply.sent) servePlain(request, reply)
        })
      return reply
    },
  }
  return spa
}

/**
 * A member’s page rendered on the server (`MEMBER_PAGE_FILES`), for a request that carries a page session: the API
 * answers the page needs are asked of this server as that member (the same routes, guards and rate limits as
 * the SPA's calls), the SSR build renders them into the page's template, and the SPA hydrates that markup from
 * the boot state beside it. Returns null at once when the page is not one of these or there is no session;
 * the promise gives null when the member's page is not rendered after all (the SPA then renders it).
 */
async function memberPages(app: FastifyInstance, root: string) {
  const rendererPath = join(root, RENDERER_FILE)
  let renderer: MemberPageRenderer | null = null
  try {
    if (existsSync(rendererPath)) renderer = (await import(pathToFileURL(rendererPath).href)) as MemberPageRenderer
  } catch (error) {
    // The SPA renders these pages itself then: slower, never wrong.
    app.log.error({ err: error }, 'the member-page renderer did not load; the SPA renders those pages')
  }
  // Read at each render (a few KB): a new build's template names its new assets without a restart.
  const template = (language: string, file: string) => {
    const path = join(root, 'prerendered', language, file)
    return existsSync(path) ? readFileSync(path, 'utf8') : null
  }

  // A render costs tens of milliseconds of CPU: past MEMBER_RENDERS_PER_MINUTE for one session (a script, a
  // stuck reload), its pages are the SPA's shell, which costs nothing to send. Counted in the rate-limit
  // counters (one statement a render), so the limit holds across every instance on the database.
  const spendRender = async (token: string) => {
    const key = `member-page-render:${createHash('sha256').update(token).digest('base64url')}`
    const { current } = await countHit(app.db, key, 60_000, app.now())
    return current <= MEMBER_RENDERS_PER_MINUTE
  }

  return (request: FastifyRequest, reply: FastifyReply): Promise<{ body: string; language: string } | null> | null => {
    const file = MEMBER_PAGE_FILES[request.url.split('?')[0] ?? '']
    const token = readPageSession(app, request)
    if (!renderer || !file || !token) return null
    const asMember = (url: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(request.headers['accept-language'] && { 'accept-language': request.headers['accept-language'] }),
        },
        remoteAddress: request.ip,
      })
    return (async () => {
      if (!(await spendRender(token))) return null
      const me = await asMember('/api/auth/me')
      if (me.statusCode !== 200) {
        // Expired, signed out elsewhere, deactivated: the cookie is no good any more (a busy moment is not that).
        if (me.statusCode === 401 || me.statusCode === 403) clearPageSession(app, request, reply)
        return null
      }
      const rendered = await renderer.renderMemberPage({
        url: request.url,
        user: me.json(),
        language: request.cookies[LANGUAGE_COOKIE],
        load: async (url) => {
          const answer = await asMember(url)
          if (answer.statusCode !== 200) throw new Error(`${url.split('?')[0]} answered ${answer.statusCode}`)
          return answer.json()
        },
      })
      const page = rendered && template(rendered.language, file)
      if (!rendered || !page) return null
      const body = page
        .replace(MEMBER_MARKUP_MARK, () => rendered.markup)
        .replace(
          BOOT_STATE_MARK,
          () => `<script type="application/json" id="${BOOT_STATE_ID}">${scriptJson(rendered.bootState)}</script>`,
        )
      return { body, language: rendered.language }
    })()
  }
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
