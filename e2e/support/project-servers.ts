import { COLLECTOR_PORT } from './analytics-collector'
import { REALTIME_NODE } from './realtime-node'
import { e2eServerEnv, SERVER_ARGS, type ServerSpec } from './servers'

/**
 * The servers that only one project's tests use, in the order they start: that project's worker starts them
 * when it begins and stops them when it ends (e2e/fixtures.ts). Playwright's `webServer` starts every server
 * before the first test, one after another: six of them, about 9 s each, held up the journeys, then sat idle
 * for the whole run. Ports and data folders are the config's (the workers inherit its env).
 */
export function projectServers(project: string): ServerSpec[] {
  const env = process.env
  const embedded = (name: string, port: string | undefined, dataDir: string | undefined, extra = {}) => ({
    name,
    args: SERVER_ARGS,
    env: e2eServerEnv(Number(port), dataDir ?? '', extra),
    healthUrl: `http://localhost:${port}/api/health`,
  })
  switch (project) {
    // The every-route axe file's own server, so none of the journeys' writes (a toast, a new listing, a read
    // bell) can reach the pages it checks.
    case 'axe':
      return [embedded('axe', env.E2E_AXE_PORT, env.E2E_AXE_DATA_DIR)]
    // The realtime socket turned off by env: messages must still arrive by polling.
    case 'polling':
      return [embedded('polling', env.E2E_POLLING_PORT, env.E2E_POLLING_DATA_DIR, { REALTIME: 'off' })]
    // The build with a PostHog key (package.json's build:e2e-analytics, whose host is the collector the test
    // starts), its CSP allowing that host.
    case 'analytics':
      return [
        embedded('analytics', env.E2E_ANALYTICS_PORT, env.E2E_ANALYTICS_DATA_DIR, {
          STATIC_DIR: 'dist-analytics',
          CSP_EXTRA_CONNECT_SRC: `http://localhost:${COLLECTOR_PORT}`,
          REALTIME: 'off',
        }),
      ]
    // Pusher mode: a realtime node (our server, its embedded socket given node credentials; nobody signs in to
    // it), then an app server in Pusher mode pointed at it, which triggers through the official pusher SDK.
    case 'pusher': {
      const nodePort = env.E2E_REALTIME_NODE_PORT
      return [
        {
          ...embedded('realtime-node', nodePort, env.E2E_REALTIME_NODE_DATA_DIR, {
            HOST: '127.0.0.1',
            PUBLIC_URL: `http://127.0.0.1:${nodePort}`,
            REALTIME_APP_ID: REALTIME_NODE.appId,
            REALTIME_APP_KEY: REALTIME_NODE.key,
            REALTIME_APP_SECRET: REALTIME_NODE.secret,
            SEED_DEMO: 'false',
          }),
          healthUrl: `http://127.0.0.1:${nodePort}/api/health`,
        },
        embedded('pusher', env.E2E_PUSHER_PORT, env.E2E_PUSHER_DATA_DIR, {
          PUSHER_APP_ID: REALTIME_NODE.appId,
          PUSHER_KEY: REALTIME_NODE.key,
          PUSHER_SECRET: REALTIME_NODE.secret,
          PUSHER_HOST: '127.0.0.1',
          PUSHER_PORT: String(nodePort),
          PUSHER_USE_TLS: 'false',
        }),
      ]
    }
    // Two instances on one PostgreSQL behind nginx (e2e/scale/cluster.ts).
    case 'scale':
      return [
        {
          name: 'scale',
          args: ['--import', 'tsx', 'e2e/scale/cluster.ts'],
          env: {
            SCALE_PORT: env.E2E_SCALE_PORT ?? '',
            SCALE_DIR: env.SCALE_DIR ?? '',
            SCALE_DATABASE_URL: env.TEST_DATABASE_URL ?? '',
            NGINX_PATH: env.E2E_NGINX_PATH ?? '',
          },
          healthUrl: `http://localhost:${env.E2E_SCALE_PORT}/api/health`,
          timeoutMs: 240_000,
        },
      ]
    default:
      return []
  }
}
