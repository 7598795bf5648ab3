import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'

/**
 * Path prefixes that are never SPA pages, so an unknown path there answers a JSON 404 instead of
 * index.html: the API, the embedded identity provider, the realtime socket and uploaded files.
 */
export const NON_PAGE_PREFIXES = ['/api', '/cognito-idp', '/app', '/uploads'] as const

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
export const NO_CACHE = 'no-cache'
export const SPA_NOT_BUILT = 'SPA not built: run npm run build'

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
    // Vite puts a content hash in every name under assets/, so those never change; anything
    // else (index.html, locales) must be revalidated or a deploy would keep serving old copies.
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE_CACHE : NO_CACHE)
    },
  })
  return {
    isBuilt,
    servePage: (_request, reply) => reply.header('cache-control', NO_CACHE).sendFile('index.html'),
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
  return String(request.headers.accept ?? '').includes('text/html')
}
