import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { buildCspDirectives } from '../../server/http/security'
import { createRealtime } from '../../server/realtime'
import { createPusherChannels, type PusherChannelsRealtime } from '../../server/realtime/pusher-channels'

const pusherEnv = { PUSHER_APP_ID: '1234567', PUSHER_KEY: 'abc123key', PUSHER_SECRET: 'shh-very-secret' }

/** A logger that keeps what was logged, so a test can see that a refusal was reported. */
function recordingLog() {
  const lines: { level: string; message: string }[] = []
  const at = (level: string) => (_fields: unknown, message: string) => lines.push({ level, message })
  const log = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }
  return { log: log as unknown as FastifyBaseLogger, lines }
}

describe('realtime settings from the environment', () => {
  it('uses the embedded socket by default', () => {
    expect(loadConfig({}).realtime).toEqual({
      mode: 'embedded',
      activityTimeoutSeconds: 120,
      maxConnections: 10_000,
      maxSocketsPerUser: 10,
      maxSocketsPerAddress: 50,
      subscribeTimeoutSeconds: 60,
    })
  })

  it('uses Pusher Channels when its three credentials are set, in us3 unless told otherwise', () => {
    expect(loadConfig(pusherEnv).realtime).toEqual({
      mode: 'pusher',
      appId: '1234567',
      key: 'abc123key',
      secret: 'shh-very-secret',
      cluster: 'us3',
      useTLS: true,
    })
    expect(loadConfig({ ...pusherEnv, PUSHER_CLUSTER: 'eu' }).realtime).toMatchObject({ cluster: 'eu' })
  })

  it('points Pusher mode at any Pusher-protocol server with PUSHER_HOST, PUSHER_PORT and PUSHER_USE_TLS', () => {
    const env = { ...pusherEnv, PUSHER_HOST: 'Realtime.Internal', PUSHER_PORT: '6001', PUSHER_USE_TLS: 'false' }
    expect(loadConfig(env).realtime).toMatchObject({ host: 'realtime.internal', port: 6001, useTLS: false })
    expect(loadConfig({ ...pusherEnv, PUSHER_HOST: '10.0.0.7' }).realtime).toMatchObject({
      host: '10.0.0.7',
      useTLS: true,
    })
  })

  it.each([
    [{ ...pusherEnv, PUSHER_HOST: 'https://realtime.example' }, 'PUSHER_HOST', 'without scheme, port or path'],
    [{ ...pusherEnv, PUSHER_HOST: 'realtime.example:6001' }, 'PUSHER_HOST', 'without scheme, port or path'],
    [{ ...pusherEnv, PUSHER_HOST: 'a', PUSHER_PORT: '70000' }, 'PUSHER_PORT', 'from 1 to 65535'],
    [{ ...pusherEnv, PUSHER_PORT: '6001' }, 'PUSHER_PORT', 'needs PUSHER_HOST'],
    [{ ...pusherEnv, PUSHER_USE_TLS: 'maybe' }, 'PUSHER_USE_TLS', 'must be true or false'],
    [{ PUSHER_HOST: 'realtime.example' }, 'PUSHER_HOST', 'has no effect without PUSHER_APP_ID'],
    [{ REALTIME_APP_ID: '1000001' }, 'REALTIME_APP_KEY', 'is required when any of REALTIME_APP_ID'],
    [
      { REALTIME_APP_ID: 'one', REALTIME_APP_KEY: 'node-key-1', REALTIME_APP_SECRET: 'x'.repeat(32) },
      'REALTIME_APP_ID',
      'numeric',
    ],
    [
      { REALTIME_APP_ID: '1', REALTIME_APP_KEY: 'node-key-1', REALTIME_APP_SECRET: 'short' },
      'REALTIME_APP_SECRET',
      'at least 32',
    ],
    [{ ...pusherEnv, REALTIME_APP_ID: '1' }, 'REALTIME_APP_ID', 'no effect in Pusher mode'],
  ])('refuses %j, naming %s', (env, name, message) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}=.*${message}`))
  })

  it('gives the embedded socket the node credentials REALTIME_APP_ID, KEY and SECRET when all three are set', () => {
    const node = { REALTIME_APP_ID: '1000001', REALTIME_APP_KEY: 'node-key-1', REALTIME_APP_SECRET: 's'.repeat(40) }
    expect(loadConfig(node).realtime).toMatchObject({
      mode: 'embedded',
      app: { id: '1000001', key: 'node-key-1', secret: 's'.repeat(40) },
    })
    const load = () => loadConfig({ ...node, REALTIME_APP_SECRET: 'too-short-secret' })
    expect(load).toThrow(/REALTIME_APP_SECRET=\(hidden\)/)
    expect(load).not.toThrow(/too-short-secret/)
  })
})

describe('the content security policy for the realtime server', () => {
  const connectSrc = (env: Record<string, string>) => buildCspDirectives(loadConfig(env))['connect-src']

  it('names the configured Pusher-protocol host, with its scheme and port, instead of any ws: or wss:', () => {
    const plain = connectSrc({ ...pusherEnv, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: '6001', PUSHER_USE_TLS: 'false' })
    expect(plain).toContain('ws://127.0.0.1:6001')
    expect(plain).not.toContain('ws:')
    expect(plain).not.toContain('wss:')
    expect(connectSrc({ ...pusherEnv, PUSHER_HOST: 'soketi.example' })).toContain('wss://soketi.example')
  })

  it('names only our own origin as a socket in embedded mode, never any ws: or wss:', () => {
    expect(connectSrc({ PUBLIC_URL: 'https://deals.example.com' })).toEqual(["'self'", 'wss://deals.example.com'])
    expect(connectSrc({ PUBLIC_URL: 'http://localhost:3107' })).toEqual(["'self'", 'ws://localhost:3107'])
  })

  it('names no socket at all when realtime is off', () => {
    expect(connectSrc({ PUBLIC_URL: 'https://deals.example.com', REALTIME: 'off' })).toEqual(["'self'"])
  })

  it("names Pusher Channels' socket host for the cluster when no host is set", () => {
    const policy = connectSrc({ ...pusherEnv, PUSHER_CLUSTER: 'eu' })
    expect(policy).toContain('wss://ws-eu.pusher.com')
    expect(policy).not.toContain('wss:')
  })

  it('turns realtime off with REALTIME=off, whatever else is set', () => {
    expect(loadConfig({ ...pusherEnv, REALTIME: 'OFF' }).realtime).toEqual({ mode: 'off' })
  })

  it('refuses half-set Pusher credentials and never prints the secret', () => {
    const load = () => loadConfig({ PUSHER_SECRET: 'shh-very-secret', REALTIME_MAX_SOCKETS_PER_USER: '0' })
    expect(load).toThrow(ConfigError)
    const message = (() => {
      try {
        load()
        return ''
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toContain('PUSHER_APP_ID')
    expect(message).toContain('PUSHER_KEY')
    expect(message).toContain('REALTIME_MAX_SOCKETS_PER_USER')
    expect(message).not.toContain('shh-very-secret')
  })
})

describe('Pusher Channels through the official SDK', () => {
  const settings = loadConfig(pusherEnv).realtime

  it('is chosen by the settings and built with their credentials and cluster (no network)', () => {
    const realtime = createRealtime(settings, createServer(), recordingLog().log) as PusherChannelsRealtime
    expect(realtime.mode).toBe('pusher')
    expect(realtime.clientConfig).toEqual({ mode: 'pusher', key: 'abc123key', cluster: 'us3', useTLS: true })
    // The SDK keeps what it was built with in `config` (untyped in its .d.ts).
    const built = (realtime.sdk as unknown as { config: Record<string, unknown> }).config
    expect(built).toMatchObject({ appId: '1234567', host: 'api-us3.pusher.com', scheme: 'https' })
    const hex = createHmac('sha256', 'shh-very-secret').update('1.2:private-user-u1').digest('hex')
    expect(realtime.authorize('1.2', 'private-user-u1')).toBe(`abc123key:${hex}`)
  })

  describe('against a local stand-in of the REST API', () => {
    const seen: { method?: string; url: string; body: string }[] = []
    let status = 200
    let server: Server
    let realtime: PusherChannelsRealtime
    const recorded = recordingLog()
    beforeAll(async () => {
      server = createServer((request, response) => {
        let body = ''
        request.on('data', (chunk: Buffer) => (body += chunk.toString()))
        request.on('end', () => {
          seen.push({ method: request.method, url: request.url ?? '', body })
          response.writeHead(status, { 'content-type': 'application/json' }).end('{}')
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const port = String((server.address() as AddressInfo).port)
      const local = loadConfig({ ...pusherEnv, PUSHER_HOST: '127.0.0.1', PUSHER_PORT: port, PUSHER_USE_TLS: 'false' })
      if (local.realtime.mode !== 'pusher') throw new Error('expected Pusher settings')
      realtime = createPusherChannels(local.realtime, recorded.log)
    })
    afterAll(() => new Promise((resolve) => server.close(resolve)))

    it('posts a signed event whose data is the JSON of what was triggered', async () => {
      status = 200
      expect(await realtime.trigger('private-user-u1', 'new-message', { conversationId: 'c1' })).toBe(true)
      const request = seen.at(-1)!
      const url = new URL(request.url, 'http://stand-in')
      expect(request.method).toBe('POST')
      expect(url.pathname).toBe('/apps/1234567/events')
      expect(JSON.parse(request.body)).toEqual({
        name: 'new-message',
        channels: ['private-user-u1'],
        data: '{"conversationId":"c1"}',
      })
      const query = [...url.searchParams].filter(([name]) => name !== 'auth_signature')
      const signed = query
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, value]) => `${name}=${value}`)
        .join('&')
      const expected = createHmac('sha256', 'shh-very-secret')
        .update(`POST\n/apps/1234567/events\n${signed}`)
        .digest('hex')
      expect(url.searchParams.get('auth_signature')).toBe(expected)
    })

    it('answers false and logs, without throwing, when Pusher refuses', async () => {
      status = 500
      expect(await realtime.trigger('private-user-u1', 'new-message', { id: 1 })).toBe(false)
      expect(recorded.lines.at(-1)).toEqual({ level: 'warn', message: 'realtime push to Pusher Channels failed' })
    })

    it('refuses data over 10 KB before calling Pusher', async () => {
      const before = seen.length
      expect(await realtime.trigger('private-user-u1', 'big', { text: 'x'.repeat(10 * 1024) })).toBe(false)
      expect(seen.length).toBe(before)
      expect(recorded.lines.at(-1)).toEqual({ level: 'error', message: 'realtime push refused: data over 10 KB' })
    })

    it("asks Pusher to terminate a user's connections, and only logs when it cannot", async () => {
      status = 200
      await realtime.disconnectUser('u1', 'deactivated')
      const request = seen.at(-1)!
      expect(request.method).toBe('POST')
      expect(new URL(request.url, 'http://stand-in').pathname).toBe('/apps/1234567/users/u1/terminate_connections')
      status = 500
      await expect(realtime.disconnectUser('u1', 'rolesChanged')).resolves.toBeUndefined()
      expect(recorded.lines.at(-1)).toMatchObject({ level: 'warn' })
    })
  })
})
