/**
 * The e2e realtime node's credentials (test-only values): the node's REALTIME_APP_ID, KEY and SECRET, and the
 * Pusher-mode server's PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET (playwright.config.ts). Its port is
 * E2E_REALTIME_NODE_PORT, which the config chooses and the test workers inherit.
 */
export const REALTIME_NODE = {
  appId: '1000001',
  key: 'keyway-e2e-node',
  secret: 'e2e-node-secret-not-for-production-0001',
} as const
