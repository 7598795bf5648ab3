import type { FastifyHelmetOptions } from '@fastify/helmet'
import { createHash } from 'node:crypto'
import { INLINE_SCRIPTS } from '../../src/contract'
import type { Config } from '../config'
import { s3BrowserOrigins } from '../files/env'

type CspDirectives = Record<string, string[]>

const INLINE_SCRIPT_HASHES = INLINE_SCRIPTS.map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
)

/**
 * The Content-Security-Policy the SPA runs under. Every third-party host the browser may reach
 * (identity provider, realtime, analytics, map tiles) is added here and nowhere else.
 */
export function buildCspDirectives(
  config: Pick<Config, 'PUBLIC_URL' | 'CSP_EXTRA_CONNECT_SRC'> & {
    cognito?: Config['cognito']
    realtime?: Config['realtime']
    s3?: Config['s3']
  },
): CspDirectives {
  // In AWS mode the SPA's Cognito SDK calls the regional user-pool endpoint directly.
  const identity = config.cognito ? [`https://cognito-idp.${config.cognito.region}.amazonaws.com`] : []
  // With files on S3, /uploads/ redirects images to the bucket (https: covers AWS; an http store needs its origin).
  const bucket = config.s3 ? s3BrowserOrigins(config.s3) : []
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    // The prerendered pages' two inline scripts (src/contract/first-paint.ts), and no other.
    'script-src': ["'self'", ...INLINE_SCRIPT_HASHES],
    // Radix UI injects <style> tags at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...bucket],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...realtimeSources(config.realtime, config.PUBLIC_URL),
      ...identity,
      ...config.CSP_EXTRA_CONNECT_SRC,
    ],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  // On plain-http localhost this would make the browser ask for https and break every asset.
  if (isHttps(config.PUBLIC_URL)) directives['upgrade-insecure-requests'] = []
  return directives
}

/**
 * Where pusher-js may open its socket. Pusher mode: the one host it is configured for (PUSHER_HOST, with its
 * port and scheme) or Pusher Channels' socket host for the cluster. Embedded: our own origin (PUBLIC_URL) as a
 * ws(s) URL, named since 'self' does not cover ws:/wss: in every browser. Off: no socket at all.
 */
function realtimeSources(realtime: Config['realtime'] | undefined, publicUrl: string): string[] {
  if (realtime?.mode === 'off') return []
  if (realtime?.mode !== 'pusher') {
    const origin = new URL(publicUrl)
    return [`${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`]
  }
  const scheme = realtime.useTLS ? 'wss' : 'ws'
  const host = realtime.host ?? `ws-${realtime.cluster}.pusher.com`
  return [`${scheme}://${host}${realtime.port === undefined ? '' : `:${realtime.port}`}`]
}

export function buildHelmetOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: buildCspDirectives(config) },
    // Same intent as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' },
    // HSTS over plain http is ignored by browsers and only confuses a later https setup on the same host.
    strictTransportSecurity: isHttps(config.PUBLIC_URL),
  }
}

const isHttps = (url: string) => url.startsWith('https://')
