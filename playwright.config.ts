import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { e2eServerEnv, SERVER_ARGS } from './e2e/support/servers'

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
// (e2e/support/seeded-template.ts): a first start, creating and seeding its database, takes 18 s; a copy's, 8 s.
// Listing the tests (`--list`) starts no server, so makes no folder.
const listing = process.argv.includes('--list')
const seededDataDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  if (process.env.E2E_TEMPLATE_DIR) cpSync(process.env.E2E_TEMPLATE_DIR, dir, { recursive: true })
  return dir
}
if (!process.env.E2E_TEMPLATE_DIR && !listing) {
  const templateDir = mkdtempSync(path.join(tmpdir(), 'keyway-e2e-template-'))
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/seeded-template.ts'], {
    env: { ...process.env, ...e2eServerEnv(Number(freePort()), templateDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  process.env.E2E_TEMPLATE_DIR = templateDir
}
// The journeys' server, then each other project's (e2e/support/project-servers.ts says what each is for).
process.env.E2E_PORT ??= freePort()
process.env.E2E_DATA_DIR ??= seededDataDir('keyway-e2e-')
process.env.E2E_AXE_PORT ??= freePort()
process.env.E2E_AXE_DATA_DIR ??= seededDataDir('keyway-e2e-axe-')
process.env.E2E_POLLING_PORT ??= freePort()
process.env.E2E_POLLING_DATA_DIR ??= seededDataDir('keyway-e2e-polling-')
process.env.E2E_ANALYTICS_PORT ??= freePort()
process.env.E2E_ANALYTICS_DATA_DIR ??= seededDataDir('keyway-e2e-analytics-')
process.env.E2E_REALTIME_NODE_PORT ??= freePort()
process.env.E2E_REALTIME_NODE_DATA_DIR ??= seededDataDir('keyway-e2e-node-')
process.env.E2E_PUSHER_PORT ??= freePort()
process.env.E2E_PUSHER_DATA_DIR ??= seededDataDir('keyway-e2e-pusher-')
// Two instances on one PostgreSQL behind nginx (issue 27), when both are there: `.ci/run` installs them, as it
// does for the server tests' `server-pg` project; elsewhere the project is left out and says so.
process.env.E2E_NGINX_PATH ??= process.env.NGINX_PATH || '/usr/sbin/nginx'
const withScale = Boolean(process.env.TEST_DATABASE_URL) && existsSync(process.env.E2E_NGINX_PATH)
if (!withScale && !process.env.E2E_SCALE_NOTED) {
  process.env.E2E_SCALE_NOTED = '1'
  process.stderr.write('e2e: the two-instance project (scale) needs TEST_DATABASE_URL and nginx; it is not run.\n')
}
if (withScale) {
  process.env.E2E_SCALE_PORT ??= freePort()
  process.env.SCALE_DIR ??= mkdtempSync(path.join(tmpdir(), 'keyway-e2e-scale-'))
}
const port = Number(process.env.E2E_PORT)
const baseURL = `http://localhost:${port}`
const localURL = (envPort: string | undefined) => `http://localhost:${envPort}`
/** A browser PostHog does not take for a bot: its usual user agent (not HeadlessChrome), no webdriver flag. */
const PLAIN_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

/** The journeys' server (e2e/support/servers.ts says how it differs from production). */
function server(serverPort: number, dataDir: string | undefined) {
  return {
    command: `node ${SERVER_ARGS.join(' ')}`,
    url: `http://localhost:${serverPort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: e2eServerEnv(serverPort, dataDir ?? ''),
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
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: localURL(process.env.E2E_AXE_PORT) },
      testMatch: 'every-route.spec.ts',
      // This and each project below start their own servers in their worker: one worker each.
      workers: 1,
    },
    {
      // The same app with its realtime socket turned off by env: messages must still arrive by polling.
      name: 'polling',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: localURL(process.env.E2E_POLLING_PORT) },
      grep: /@polling/,
      workers: 1,
    },
    {
      // The app in Pusher Channels mode against a Pusher-protocol server (our embedded realtime node).
      name: 'pusher',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: localURL(process.env.E2E_PUSHER_PORT) },
      grep: /@pusher/,
      workers: 1,
    },
    {
      // The build with product analytics on, in a browser that does not announce automation.
      name: 'analytics',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: localURL(process.env.E2E_ANALYTICS_PORT),
        userAgent: PLAIN_USER_AGENT,
        launchOptions: {
          // The full browser: PostHog drops the headless shell's events even under a plain user agent.
          executablePath: fullChromium,
          args: ['--no-sandbox', '--disable-gpu', '--disable-blink-features=AutomationControlled'],
        },
      },
      grep: /@analytics/,
      workers: 1,
    },
    ...(withScale
      ? [
          {
            // Two instances behind nginx on one PostgreSQL (e2e/scale/cluster.ts).
            name: 'scale',
            use: {
              ...devices['Desktop Chrome'],
              channel: undefined,
              baseURL: localURL(process.env.E2E_SCALE_PORT),
            },
            grep: /@scale/,
            workers: 1,
          },
        ]
      : []),
  ],
  // The journeys' server only: each other project's worker starts the servers it needs when it begins, beside
  // the journeys (e2e/support/project-servers.ts).
  webServer: [server(port, process.env.E2E_DATA_DIR)],
})
