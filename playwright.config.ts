import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { REALTIME_NODE } from './e2e/support/realtime-node'

/**
 * e2e runs the real built SPA and the real server (embedded defaults) on a free port with a throw-away
 * data folder, in Debian's Chromium (Playwright cannot download browsers here). Its headless shell when
 * installed: the same engine without the full browser's compositing, the build Playwright itself runs
 * headless tests in, and about a quarter less CPU per journey on 2 cores.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const fullChromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const chromium = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : fullChromium)
for (const binary of [chromium, fullChromium]) {
  if (!existsSync(binary)) {
    throw new Error(
      `No Chromium at ${binary}. Install Debian's: apt-get update && apt-get install -y --no-install-recommends ` +
        'chromium chromium-headless-shell (or set CHROMIUM_PATH to a Chromium binary).',
    )
  }
}

// Workers load this file again: keep the port and folder the main process chose (they inherit its env).
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString()
// Every embedded server starts on its own copy of one seeded data folder, made here once by a real first start
// (e2e/support/seeded-template.ts): five first starts, each creating and seeding its database, took 18 s apiece.
const seededDataDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  cpSync(process.env.E2E_TEMPLATE_DIR!, dir, { recursive: true })
  return dir
}
if (!process.env.E2E_TEMPLATE_DIR) {
  const templateDir = mkdtempSync(path.join(tmpdir(), 'keyway-e2e-template-'))
  const templatePort = freePort()
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/seeded-template.ts'], {
    env: { ...process.env, ...server(Number(templatePort), templateDir).env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  process.env.E2E_TEMPLATE_DIR = templateDir
}
process.env.E2E_PORT ??= freePort()
process.env.E2E_DATA_DIR ??= seededDataDir('keyway-e2e-')
// The every-route axe file's own server: it runs beside the journeys (a second worker), so none of their writes
// (a toast, a new listing, a read bell) can reach the pages it checks.
process.env.E2E_AXE_PORT ??= freePort()
process.env.E2E_AXE_DATA_DIR ??= seededDataDir('keyway-e2e-axe-')
// A second server with the realtime socket turned off (REALTIME=off), for the @polling tests only.
process.env.E2E_POLLING_PORT ??= freePort()
process.env.E2E_POLLING_DATA_DIR ??= seededDataDir('keyway-e2e-polling-')
// A third, for the @analytics test only: the build with a PostHog key (package.json's build:e2e-analytics,
// whose host is the collector that test starts), its CSP allowing that host.
process.env.E2E_ANALYTICS_PORT ??= freePort()
process.env.E2E_ANALYTICS_DATA_DIR ??= seededDataDir('keyway-e2e-analytics-')
// Two instances on one PostgreSQL behind nginx (issue 27), when both are there: `.ci/run` installs them, as it
// does for the server tests' `server-pg` project; elsewhere the project is left out and says so.
const nginx = process.env.NGINX_PATH || '/usr/sbin/nginx'
const scaleDatabase = process.env.TEST_DATABASE_URL
const withScale = Boolean(scaleDatabase) && existsSync(nginx)
if (!withScale && !process.env.E2E_SCALE_NOTED) {
  process.env.E2E_SCALE_NOTED = '1'
  process.stderr.write('e2e: the two-instance project (scale) needs TEST_DATABASE_URL and nginx; it is not run.\n')
}
if (withScale) {
  process.env.E2E_SCALE_PORT ??= freePort()
  process.env.SCALE_DIR ??= mkdtempSync(path.join(tmpdir(), 'keyway-e2e-scale-'))
}
// Pusher mode (@pusher tests only): a realtime node (our server, its embedded socket given node credentials)
// and an app server in Pusher mode pointed at it, which triggers through the official pusher SDK.
process.env.E2E_REALTIME_NODE_PORT ??= freePort()
process.env.E2E_REALTIME_NODE_DATA_DIR ??= seededDataDir('keyway-e2e-node-')
process.env.E2E_PUSHER_PORT ??= freePort()
process.env.E2E_PUSHER_DATA_DIR ??= seededDataDir('keyway-e2e-pusher-')
const port = Number(process.env.E2E_PORT)
const baseURL = `http://localhost:${port}`
const axePort = Number(process.env.E2E_AXE_PORT)
const pollingPort = Number(process.env.E2E_POLLING_PORT)
const pollingBaseURL = `http://localhost:${pollingPort}`
const analyticsPort = Number(process.env.E2E_ANALYTICS_PORT)
const nodePort = Number(process.env.E2E_REALTIME_NODE_PORT)
const pusherPort = Number(process.env.E2E_PUSHER_PORT)
/** Where the analytics build sends its events (e2e/support/analytics-collector.ts listens there). */
const ANALYTICS_COLLECTOR = 'http://localhost:47631'
/** A browser PostHog does not take for a bot: its usual user agent (not HeadlessChrome), no webdriver flag. */
const PLAIN_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

/** The server as e2e runs it (see the notes on `env` below), on its own port and data folder. */
function server(serverPort: number, dataDir: string, extraEnv: Record<string, string> = {}) {
  return {
    command: 'node --import tsx server/main.ts',
    url: `http://localhost:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      // Not production: the e2e run reads sign-in codes from /api/dev/outbox and signs in as the demo accounts,
      // which production never offers. NODE_ENV only decides those two and the log format; the built SPA,
      // static caching, CSP and headers are the same as in production.
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      PORT: String(serverPort),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${serverPort}`,
      LOG_LEVEL: 'warn',
      // Short-lived tokens, so the e2e run exercises silent refresh (the session refreshes 30 s in, never
      // before each call: 330 s stays above the 300 s "token is fine" threshold). E2E_ID_TOKEN_TTL_SECONDS=60
      // makes every call refresh first, which is how the reload-during-refresh race was found.
      IDP_ID_TOKEN_TTL_SECONDS: process.env.E2E_ID_TOKEN_TTL_SECONDS ?? '330',
      // The offer webhook may reach a receiver the test starts on this machine (never allowed in production).
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      // The journeys share the demo accounts and seed through the API (100 messages in seconds): the limits of
      // writes that mail or notify are the server tests' subject (tests/server/write-limits.test.ts), not theirs.
      WRITE_LIMITS_OFF: 'true',
      // Cheap password hashes for the demo accounts and every sign-up (server/identity/passwords.ts): the
      // journeys sign in over a hundred times; the production cost is the server tests' subject.
      TEST_PASSWORD_HASH_N: '1024',
      ...extraEnv,
    },
  }
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two: the journeys keep one (their project's own limit below) and the other takes the axe file and the
  // projects with servers of their own. A second journey worker was slower than one on 2 cores and would share
  // the demo accounts' bells; the axe file and the other projects share nothing with the journeys.
  workers: 2,
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ['./e2e/support/browser-log-reporter.ts'],
  ],
  globalTeardown: './e2e/global-teardown.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // DOM snapshots of a failed journey, without the screencast: recording its frames cost about a tenth of
    // the journeys' time on the 2-core machine (their sum 726 → 673 s; the every-route file 6.0 → 5.0 min).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      grepInvert: /@polling|@analytics|@pusher|@scale/,
      testIgnore: 'every-route.spec.ts',
      // The journeys sign in as the same demo accounts and read their bells: one at a time.
      workers: 1,
    },
    {
      // Every route of the spec through axe (issue 28), on its own server.
      name: 'axe',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${axePort}` },
      testMatch: 'every-route.spec.ts',
      workers: 1,
    },
    {
      // The same app with its realtime socket turned off by env: messages must still arrive by polling.
      name: 'polling',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: pollingBaseURL },
      grep: /@polling/,
    },
    {
      // The app in Pusher Channels mode against a Pusher-protocol server (our embedded realtime node).
      name: 'pusher',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${pusherPort}` },
      grep: /@pusher/,
    },
    {
      // The build with product analytics on, in a browser that does not announce automation.
      name: 'analytics',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://localhost:${analyticsPort}`,
        userAgent: PLAIN_USER_AGENT,
        launchOptions: {
          // The full browser: PostHog drops the headless shell's events even under a plain user agent.
          executablePath: fullChromium,
          args: ['--no-sandbox', '--disable-gpu', '--disable-blink-features=AutomationControlled'],
        },
      },
      grep: /@analytics/,
    },
    ...(withScale
      ? [
          {
            // Two instances behind nginx on one PostgreSQL (e2e/scale/cluster.ts).
            name: 'scale',
            use: {
              ...devices['Desktop Chrome'],
              channel: undefined,
              baseURL: `http://localhost:${process.env.E2E_SCALE_PORT}`,
            },
            grep: /@scale/,
          },
        ]
      : []),
  ],
  webServer: [
    server(port, process.env.E2E_DATA_DIR),
    server(axePort, process.env.E2E_AXE_DATA_DIR),
    server(pollingPort, process.env.E2E_POLLING_DATA_DIR, { REALTIME: 'off' }),
    server(analyticsPort, process.env.E2E_ANALYTICS_DATA_DIR, {
      STATIC_DIR: 'dist-analytics',
      CSP_EXTRA_CONNECT_SRC: ANALYTICS_COLLECTOR,
      REALTIME: 'off',
    }),
    ...(withScale
      ? [
          {
            command: 'node --import tsx e2e/scale/cluster.ts',
            url: `http://localhost:${process.env.E2E_SCALE_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 240_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            env: {
              SCALE_PORT: process.env.E2E_SCALE_PORT!,
              SCALE_DIR: process.env.SCALE_DIR!,
              SCALE_DATABASE_URL: scaleDatabase!,
              NGINX_PATH: nginx,
            },
          },
        ]
      : []),
    {
      // Bound to 127.0.0.1, the address the Pusher-mode server and the browser are given.
      ...server(nodePort, process.env.E2E_REALTIME_NODE_DATA_DIR, {
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${nodePort}`,
        REALTIME_APP_ID: REALTIME_NODE.appId,
        REALTIME_APP_KEY: REALTIME_NODE.key,
        REALTIME_APP_SECRET: REALTIME_NODE.secret,
        // Only a realtime node: nobody signs in to it.
        SEED_DEMO: 'false',
      }),
      url: `http://127.0.0.1:${nodePort}/api/health`,
    },
    server(pusherPort, process.env.E2E_PUSHER_DATA_DIR, {
      PUSHER_APP_ID: REALTIME_NODE.appId,
      PUSHER_KEY: REALTIME_NODE.key,
      PUSHER_SECRET: REALTIME_NODE.secret,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(nodePort),
      PUSHER_USE_TLS: 'false',
    }),
  ],
})
