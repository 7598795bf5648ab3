import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, demoSeedWarning, loadConfig } from '../../server/config'

describe('loadConfig', () => {
  it('runs with no environment at all, on embedded defaults', () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: resolve('data'),
      DATABASE_URL: undefined,
      STATIC_DIR: resolve('dist'),
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: true,
      SHUTDOWN_DRAIN_SECONDS: 5,
      TRUST_PROXY: false,
      CSP_EXTRA_CONNECT_SRC: [],
      IDP_ID_TOKEN_TTL_SECONDS: 3600,
      IDP_REFRESH_TOKEN_TTL_DAYS: 30,
      IDP_ALLOW_SELF_SIGNUP: false,
      MAIL_FROM: 'Keyway <no-reply@keyway.app>',
      PRIORITY_WINDOW_HOURS: 24,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      WRITE_LIMITS_OFF: false,
      REALTIME: 'on',
      PUSHER_CLUSTER: 'us3',
      REALTIME_ACTIVITY_TIMEOUT_SECONDS: 120,
      REALTIME_MAX_CONNECTIONS: 10_000,
      REALTIME_MAX_SOCKETS_PER_USER: 10,
      REALTIME_MAX_SOCKETS_PER_ADDRESS: 50,
      REALTIME_SUBSCRIBE_TIMEOUT_SECONDS: 60,
      isEmbedded: true,
      cognito: null,
      twilio: null,
      s3: null,
      realtime: {
        mode: 'embedded',
        activityTimeoutSeconds: 120,
        maxConnections: 10_000,
        maxSocketsPerUser: 10,
        maxSocketsPerAddress: 50,
        subscribeTimeoutSeconds: 60,
      },
    })
  })

  it('turns Twilio on only with all three TWILIO_* variables, and never echoes the auth token', () => {
    const sid = `AC${'0123456789abcdef'.repeat(2)}`
    const all = { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'secret-token-0123456789', TWILIO_FROM: '+15005550006' }
    expect(loadConfig(all).twilio).toEqual({ accountSid: sid, authToken: all.TWILIO_AUTH_TOKEN, from: '+15005550006' })
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: all.TWILIO_AUTH_TOKEN })).toThrow(
      /TWILIO_ACCOUNT_SID=.*is required when any TWILIO_\* variable is set[\s\S]*TWILIO_FROM=/,
    )
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: all.TWILIO_AUTH_TOKEN })).not.toThrow(/secret-token/)
    expect(() => loadConfig({ ...all, TWILIO_FROM: '555-0100' })).toThrow(/TWILIO_FROM="555-0100": must be a number/)
  })

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100')
    expect(loadConfig({ PUBLIC_URL: 'https://deals.example.com/' }).PUBLIC_URL).toBe('https://deals.example.com')
  })

  it('seeds demo data only on the embedded database unless told otherwise', () => {
    const external = 'postgres://app@db.internal:5432/market'
    expect(loadConfig({ DATABASE_URL: external }).SEED_DEMO).toBe(false)
    expect(loadConfig({ DATABASE_URL: external, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true)
    expect(loadConfig({ SEED_DEMO: 'no' }).SEED_DEMO).toBe(false)
  })

  it('in production, seeds demo accounts only when SEED_DEMO=true is set, and warns about it', () => {
    const production = { NODE_ENV: 'production', HOST: '0.0.0.0', PUBLIC_URL: 'https://keyway.example' }
    expect(loadConfig(production).SEED_DEMO).toBe(false)
    expect(demoSeedWarning(loadConfig(production))).toBeNull()
    const seeded = loadConfig({ ...production, SEED_DEMO: 'true' })
    expect(seeded.SEED_DEMO).toBe(true)
    expect(demoSeedWarning(seeded)).toMatch(/SEED_DEMO=true.*demo accounts.*DemoPass1!/s)
    // Development and the e2e run (test) keep their demo marketplace without a word.
    expect(loadConfig({}).SEED_DEMO).toBe(true)
    expect(demoSeedWarning(loadConfig({}))).toBeNull()
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true)
  })

  it('refuses to start in production without PUBLIC_URL, saying why', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' })
    expect(start).toThrow(ConfigError)
    expect(start).toThrow(/PUBLIC_URL="": is required when NODE_ENV=production/)
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://keyway.example' }).PUBLIC_URL).toBe(
      'https://keyway.example',
    )
  })

  it('treats empty variables as unset, as a copied .env.example leaves them', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: ' ' })
    expect(config.isEmbedded).toBe(true)
    expect(config.PORT).toBe(3000)
  })

  it('reads TRUST_PROXY as off, on, a hop count or a list of addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ])
  })

  it('splits CSP_EXTRA_CONNECT_SRC into origins', () => {
    const config = loadConfig({
      CSP_EXTRA_CONNECT_SRC: 'https://cognito-idp.us-east-1.amazonaws.com, wss://*.pusher.com',
    })
    expect(config.CSP_EXTRA_CONNECT_SRC).toEqual(['https://cognito-idp.us-east-1.amazonaws.com', 'wss://*.pusher.com'])
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT="eighty": must be a whole number/],
    [{ PORT: '70000' }, /PORT="70000"/],
    [{ NODE_ENV: 'prod' }, /NODE_ENV="prod"/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL="loud"/],
    [{ PUBLIC_URL: 'localhost:3000' }, /PUBLIC_URL="localhost:3000": must be an http/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO="maybe"/],
    [{ TRUST_PROXY: 'the load balancer' }, /TRUST_PROXY="the load balancer": must be true, false, a hop count/],
    [{ TRUST_PROXY: '10.0.0.0/40' }, /TRUST_PROXY="10.0.0.0\/40"/],
    // A quote or semicolon would inject a CSP directive.
    [{ CSP_EXTRA_CONNECT_SRC: "https://a.com; script-src 'unsafe-eval'" }, /CSP_EXTRA_CONNECT_SRC=/],
    // Turning the write limits off is for the e2e server only.
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://keyway.example', WRITE_LIMITS_OFF: 'true' },
      /WRITE_LIMITS_OFF="true": may not be true when NODE_ENV=production/,
    ],
  ])('names the bad variable in %o', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(expected)
  })

  it('lists every bad variable at once and never echoes a connection string', () => {
    let message = ''
    try {
      loadConfig({ PORT: '-1', DATABASE_URL: 'mysql://root:hunter2@db/market' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/PORT="-1"/)
    expect(message).toMatch(/DATABASE_URL=\(hidden\): must start with postgres:\/\//)
    expect(message).not.toMatch(/hunter2/)
  })
})
